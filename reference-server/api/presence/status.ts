import { publishUserStatus } from "../../events/user-status.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { UserStatus } from "../../state/presence.ts";

const MAX_STATUS_TEXT = 60;

/** POST /users/me/status: changes the given fields of the requester's status; a user_status event carries them. */
function updateStatus(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const change: UserStatus = {};
  const text = params.optStr("status_text");
  if (text !== undefined) {
    if ([...text].length > MAX_STATUS_TEXT) throw badRequest(`status_text is too long (limit: ${MAX_STATUS_TEXT} characters)`);
    change.status_text = text.trim();
  }
  const away = params.optBool("away");
  if (away !== undefined) change.away = away;
  for (const name of ["emoji_name", "emoji_code", "reaction_type"] as const) {
    const v = params.optStr(name);
    if (v !== undefined) change[name] = v;
  }
  if (Object.keys(change).length === 0) throw badRequest("Client did not pass any new values.");
  rt.store.presence.setStatus(user.id, change);
  publishUserStatus(rt, user, change);
  return {};
}

export const routes: Route[] = [authed("POST", "/users/me/status", updateStatus)];
