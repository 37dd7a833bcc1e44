import { z } from "zod";
import { publishRealmDeactivated } from "../../events/realm.ts";
import { badRequest, mustBeOwner } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import { UPLOAD_REALM_ID } from "../../state/uploads.ts";
import { DELETION_DAYS } from "../../wire/realm-server-fields.ts";

/** deletion_delay_days (FL332): within the server's bounds (register's server_{min,max}_deactivated_realm_deletion_days). */
function readDeletionDelay(ctx: RequestContext): number | null {
  const { rt, params } = ctx;
  if (!rt.fl.has("deactivateDeletionDelay")) return null;
  const days = params.optJson("deletion_delay_days", z.number().int().nullable()) ?? null;
  if (days === null || rt.faulty("fl332.realm.deletion-delay-bounds")) return days;
  if (DELETION_DAYS.min !== null && days < DELETION_DAYS.min) throw badRequest(`Data deletion time must be at least ${DELETION_DAYS.min} days.`);
  if (DELETION_DAYS.max !== null && days > DELETION_DAYS.max) throw badRequest(`Data deletion time must be at most ${DELETION_DAYS.max} days.`);
  return days;
}

function deactivate(rt: Runtime, days: number | null): void {
  publishRealmDeactivated(rt, UPLOAD_REALM_ID);
  rt.store.realmStatus.deactivated = true;
  rt.store.realmStatus.deletionDelayDays = days;
}

/**
 * POST /realm/deactivate: an owner deactivates the organization; every later request with its credentials is 401
 * (wire §2). There is no API to reactivate it.
 */
function deactivateRealm(ctx: RequestContext): Record<string, unknown> {
  if (!ctx.rt.access.hasOwnerRights(ctx.user)) throw mustBeOwner();
  deactivate(ctx.rt, readDeletionDelay(ctx));
  return {};
}

export const routes: Route[] = [authed("POST", "/realm/deactivate", deactivateRealm)];
