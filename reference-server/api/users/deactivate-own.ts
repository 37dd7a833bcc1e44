import { cannotDeactivateLastOwner, cannotDeactivateOnlyUser } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { setActive } from "./deactivate.ts";

/**
 * DELETE /users/me: the requester deactivates their own account, with the events of any deactivation. Refused to
 * the organization's only active user and to its only owner.
 */
function deactivateOwnUser(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const refusal = rt.access.ownDeactivationRefusal(user);
  if (refusal === "only-user") throw cannotDeactivateOnlyUser();
  if (refusal === "only-owner") throw cannotDeactivateLastOwner();
  setActive(rt, user, false);
  return {};
}

export const routes: Route[] = [authed("DELETE", "/users/me", deactivateOwnUser, { operation: "deactivate-own-user" })];
