import type { Runtime } from "../../runtime.ts";
import type { UserGroup } from "../../state/groups.ts";
import type { User } from "../../state/types.ts";

/** The user group object (wire §13) of register realm_user_groups and GET /user_groups. */
export function serializeGroup(rt: Runtime, g: UserGroup): Record<string, unknown> {
  const { store } = rt;
  // Deactivated users are members of no group from FL303; before, they kept their memberships.
  const listed = (u: User | undefined): u is User => u !== undefined && (u.isActive || !rt.fl.has("deactivatedUsersNotMembers"));
  const members = g.isSystem
    ? [...store.users.values()].filter((u) => listed(u) && store.groups.contains(g, { ...u, isActive: true })).map((u) => u.id)
    : [...g.directMembers].filter((id) => listed(store.users.get(id)));
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    members: members.sort((a, b) => a - b),
    direct_subgroup_ids: [...g.directSubgroups].sort((a, b) => a - b),
    is_system_group: g.isSystem,
    creator_id: g.creatorId,
    date_created: g.dateCreated,
    deactivated: g.deactivated,
    ...(rt.fl.has("canAddMembersGroup") ? { can_add_members_group: g.canAddMembers } : {}),
  };
}

/** Groups a client sees: all but deactivated ones unless it asked for them. */
export function visibleGroups(rt: Runtime, includeDeactivated: boolean): Record<string, unknown>[] {
  return [...rt.store.groups.byId.values()].filter((g) => includeDeactivated || !g.deactivated).map((g) => serializeGroup(rt, g));
}
