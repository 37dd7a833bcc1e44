import type { Runtime } from "../runtime.ts";
import type { UserGroup } from "../state/groups.ts";
import type { User } from "../state/types.ts";
import { zulipHas } from "../zulip-levels.ts";
import { zulipGroupSettings } from "./group-zulip-settings.ts";

/**
 * The user group object (wire §13) of register realm_user_groups and GET /user_groups, with the fields real servers
 * added at levels the spec is silent about (zulip-levels.ts): deactivated from FL290, before groups could be
 * deactivated here (FL294, wire §17.2 #10).
 */
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
    ...(zulipHas(rt.fl, "groupCreatorAndDate") ? { creator_id: g.creatorId, date_created: g.dateCreated } : {}),
    ...(zulipHas(rt.fl, "groupDeactivation") ? { deactivated: g.deactivated } : {}),
    ...(rt.fl.has("canAddMembersGroup") ? { can_add_members_group: g.canAddMembers } : {}),
    ...zulipGroupSettings(rt, g),
  };
}

/** Groups a client sees: all but deactivated ones unless it asked for them. */
export function visibleGroups(rt: Runtime, includeDeactivated: boolean): Record<string, unknown>[] {
  return [...rt.store.groups.byId.values()].filter((g) => includeDeactivated || !g.deactivated).map((g) => serializeGroup(rt, g));
}
