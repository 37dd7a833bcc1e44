import { requestClient } from "../messages/client-name.ts";
import { z } from "zod";
import { publishPresence } from "../../events/presence.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { userFromPath } from "../users/lookup.ts";
import { legacyPresence, presencesFor } from "../../wire/presence.ts";

/** history_limit_days / presence_history_limit_days (FL288): a non-negative whole number of days, or null. */
export const HistoryLimitDays = z.number().int().min(0).nullable();

/**
 * POST /users/me/presence: records the requester's report, tells the others, and returns the presences (unless
 * ping_only): slim with slim_presence or last_update_id (FL263), only the newer ones with last_update_id, with
 * presence_last_update_id (FL263), only those of the last history_limit_days (FL288; default 14) days.
 */
function updatePresence(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const status = params.str("status");
  if (status !== "active" && status !== "idle") throw badRequest(`Invalid status: ${status}`);
  const pingOnly = params.optBool("ping_only") ?? false;
  params.optBool("new_user_input");
  const afterUpdateId = rt.fl.has("presenceLastUpdateIdParam") ? params.optJson("last_update_id", z.number().int()) : undefined;
  const slim = (params.optBool("slim_presence") ?? false) || afterUpdateId !== undefined;
  const historyDays = rt.fl.has("presenceHistoryLimitDaysParam") ? params.optJson("history_limit_days", HistoryLimitDays) : undefined;
  const record = rt.store.presence.report(user.id, status, rt.store.clock(), requestClient(ctx.req));
  publishPresence(rt, user, record);
  const out: Record<string, unknown> = { server_timestamp: Date.now() / 1000, zephyr_mirror_active: false };
  if (pingOnly) return out;
  const { presences, lastUpdateId } = presencesFor(rt, user, { slim, afterUpdateId, historyDays });
  out.presences = presences;
  if (rt.fl.has("presenceLastUpdateIdField")) out.presence_last_update_id = lastUpdateId;
  return out;
}

/** GET /realm/presence: every presence the requester may see, legacy format (FL228: accessible users only). */
function realmPresence(ctx: RequestContext): Record<string, unknown> {
  const { presences } = presencesFor(ctx.rt, ctx.user, { slim: false });
  return { presences, server_timestamp: Date.now() / 1000 };
}

/** GET /users/{user_id_or_email}/presence: one user's presence, legacy format. */
function userPresence(ctx: RequestContext): Record<string, unknown> {
  const target = userFromPath(ctx, ctx.path.user!);
  const r = ctx.rt.store.presence.get(target.id);
  if (!r) throw badRequest(`No presence data for ${target.email}`);
  return { presence: legacyPresence(ctx.rt, r) };
}

export const routes: Route[] = [
  authed("POST", "/users/me/presence", updatePresence),
  authed("GET", "/realm/presence", realmPresence),
  authed("GET", "/users/:user/presence", userPresence),
];
