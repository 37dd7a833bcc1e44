import { canAddMembers, canManageGroup } from "../../access/user-groups.ts";
import { publishMembers, publishSubgroups } from "../../events/user-group.ts";
import { badRequest, insufficientPermission, invalidUserGroup, noSuchUser } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { UserGroup } from "../../state/groups.ts";
import type { User } from "../../state/types.ts";
import { groupMembers, listedMember, pathGroup, UserIds } from "./lookup.ts";

/** The users a membership change names: each must exist; from FL303 none may be deactivated. */
function namedUsers(ctx: RequestContext, ids: readonly number[]): User[] {
  return ids.map((id) => {
    const u = ctx.rt.store.users.get(id);
    if (!u) throw badRequest(`Invalid user ID: ${id}`);
    if (!u.isActive && ctx.rt.fl.has("groupMembershipFrozenForDeactivated")) throw badRequest(`User ${id} is deactivated`);
    return u;
  });
}

function changeable(group: UserGroup): void {
  if (group.isSystem) throw insufficientPermission();
  if (group.deactivated) throw badRequest("You can't modify a deactivated user group.");
}

/**
 * POST /user_groups/{user_group_id}/members: `add` (the group's managers and, from FL305, its can_add_members_group)
 * and `delete` (its managers), JSON lists of user ids; user_group add_members / remove_members events follow.
 */
function updateMembers(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const group = pathGroup(ctx);
  changeable(group);
  const add = namedUsers(ctx, params.optJson("add", UserIds) ?? []);
  const remove = namedUsers(ctx, params.optJson("delete", UserIds) ?? []);
  if (add.length && !canAddMembers(rt, user, group)) throw insufficientPermission();
  if (remove.length && !canManageGroup(rt, user, group)) throw insufficientPermission();
  for (const u of add) if (group.directMembers.has(u.id)) throw badRequest(`User ${u.id} is already a member of this group`);
  for (const u of remove) if (!group.directMembers.has(u.id)) throw badRequest(`There is no member '${u.id}' in this user group`);
  for (const u of add) group.directMembers.add(u.id);
  for (const u of remove) group.directMembers.delete(u.id);
  publishMembers(
    rt,
    "add_members",
    group,
    add.map((u) => u.id),
  );
  publishMembers(
    rt,
    "remove_members",
    group,
    remove.map((u) => u.id),
  );
  return {};
}

/** POST /user_groups/{user_group_id}/subgroups: `add` and `delete`, JSON lists of group ids; no cycles. */
function updateSubgroups(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const group = pathGroup(ctx);
  changeable(group);
  if (!canManageGroup(rt, user, group)) throw insufficientPermission();
  const lookup = (ids: readonly number[]) =>
    ids.map((id) => {
      const g = rt.store.groups.byId.get(id);
      if (!g) throw invalidUserGroup();
      return g;
    });
  const add = lookup(params.optJson("add", UserIds) ?? []);
  const remove = lookup(params.optJson("delete", UserIds) ?? []);
  for (const g of add) {
    if (group.directSubgroups.has(g.id)) throw badRequest(`User group ${g.id} is already a subgroup of this group.`);
    if (rt.store.groups.descendants(g).has(group.id)) throw badRequest(`User group ${group.id} is already a subgroup of one of the passed subgroups.`);
  }
  for (const g of remove) if (!group.directSubgroups.has(g.id)) throw badRequest(`User group ${g.id} is not a subgroup of this group.`);
  for (const g of add) group.directSubgroups.add(g.id);
  for (const g of remove) group.directSubgroups.delete(g.id);
  publishSubgroups(
    rt,
    "add_subgroups",
    group,
    add.map((g) => g.id),
  );
  publishSubgroups(
    rt,
    "remove_subgroups",
    group,
    remove.map((g) => g.id),
  );
  return {};
}

/** GET /user_groups/{user_group_id}/members/{user_id}: {is_user_group_member}; deactivated users are members of nothing from FL303. */
function isMember(ctx: RequestContext): Record<string, unknown> {
  const { rt, params } = ctx;
  const group = pathGroup(ctx);
  const target = rt.store.users.get(Number(ctx.path.user_id));
  if (!target) throw noSuchUser();
  const members = groupMembers(rt, group, params.bool("direct_member_only", false));
  return { is_user_group_member: listedMember(rt, target) && members.includes(target.id) };
}

function subgroups(ctx: RequestContext): Record<string, unknown> {
  const group = pathGroup(ctx);
  const all = ctx.params.bool("direct_subgroup_only", false)
    ? [...group.directSubgroups]
    : [...ctx.rt.store.groups.descendants(group)].filter((id) => id !== group.id);
  return { subgroups: all.sort((a, b) => a - b) };
}

export const routes: Route[] = [
  authed("POST", "/user_groups/:user_group_id(^\\d+$)/members", updateMembers),
  authed("GET", "/user_groups/:user_group_id(^\\d+$)/members", (ctx) => ({
    members: groupMembers(ctx.rt, pathGroup(ctx), ctx.params.bool("direct_member_only", false)),
  })),
  authed("GET", "/user_groups/:user_group_id(^\\d+$)/members/:user_id(^\\d+$)", isMember),
  authed("POST", "/user_groups/:user_group_id(^\\d+$)/subgroups", updateSubgroups),
  authed("GET", "/user_groups/:user_group_id(^\\d+$)/subgroups", subgroups),
];
