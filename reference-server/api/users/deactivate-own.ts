import { cannotDeactivateLastOwner, cannotDeactivateOnlyUser } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { ROLE } from "../../state/types.ts";
import { setActive } from "./deactivate.ts";

/**
 * DELETE /users/me: the requester deactivates their own account, with the events of any deactivation. Refused to
 * the organization's only active user and to its only owner.
 */
function deactivateOwnUser(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const active = [...rt.store.users.values()].filter((u) => u.isActive);
  if (active.length === 1) throw cannotDeactivateOnlyUser();
  const humanOwners = active.filter((u) => u.role === ROLE.owner && !u.isBot);
  if (user.role === ROLE.owner && !user.isBot && humanOwners.length === 1) throw cannotDeactivateLastOwner();
  setActive(rt, user, false);
  return {};
}

export const routes: Route[] = [authed("DELETE", "/users/me", deactivateOwnUser, { operation: "deactivate-own-user" })];
