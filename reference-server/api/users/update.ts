import { z } from "zod";
import { publishBotUpdate } from "../../events/realm-bot.ts";
import { publishUserUpdate } from "../../events/realm-user.ts";
import { withAccessTracking } from "../../events/user-access.ts";
import { withChannelAccessTracking } from "../../events/channel-access.ts";
import { mustBeAdministrator, mustBeOwner, noSuchUser } from "../../errors/registry.ts";
import { checkFullName } from "./full-name.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { ROLE, type Role, type User } from "../../state/types.ts";

const RoleSchema = z.union([z.literal(ROLE.owner), z.literal(ROLE.administrator), z.literal(ROLE.moderator), z.literal(ROLE.member), z.literal(ROLE.guest)]);

/**
 * PATCH /users/{user_id}: an administrator changes a user's full_name or role (owners alone make or unmake
 * owners). realm_user update events follow; a role change may change whom the user can access (FL225/FL228).
 * `named` finds the target (PATCH /users/{email} names it by email).
 */
export function updateUser(
  ctx: RequestContext,
  named: (ctx: RequestContext) => User | undefined = (c) => c.rt.store.users.get(Number(c.path.user_id)),
): Record<string, unknown> {
  const { rt, user, params } = ctx;
  if (!rt.access.canAdministerUsers(user)) throw mustBeAdministrator();
  const target = named(ctx);
  if (!target || !target.isActive) throw noSuchUser();
  const fullName = checkFullName(params.optStr("full_name"));
  const role = params.optJson("role", RoleSchema) as Role | undefined;
  if (role !== undefined && !rt.access.canAssignRole(user, role, target.role)) throw mustBeOwner();
  if (fullName !== undefined && fullName !== target.fullName) {
    target.fullName = fullName;
    publishUserUpdate(rt, target, { full_name: fullName });
    if (target.isBot) publishBotUpdate(rt, target, { full_name: fullName });
  }
  if (role !== undefined && role !== target.role) {
    // channels: a role change may give or take away channels (stream create/delete and peer_add, FL220)
    withChannelAccessTracking(rt, [target.id], () => withAccessTracking(rt, [target.id], () => (target.role = role)));
    publishUserUpdate(rt, target, { role });
  }
  return {};
}

export const routes: Route[] = [authed("PATCH", "/users/:user_id(^\\d+$)", updateUser)];
