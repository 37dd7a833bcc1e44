import type { Runtime } from "../runtime.ts";
import type { UserGroup } from "../state/groups.ts";
import { ROLE, type User } from "../state/types.ts";
import { holds } from "./group-settings.ts";
import type { GroupSettingValue } from "../state/group-setting-value.ts";

/**
 * Who may change user groups. The catalog's reading (realm.yaml, groups.yaml):
 * - the group's creator manages it (real servers' default can_manage_group);
 * - from FL299 members of can_manage_all_groups manage every group; FL299–304 kept the old user_group_edit_policy
 *   rule that holders other than administrators and moderators manage only the groups they belong to, FL305 dropped
 *   it (any role);
 * - before FL299 user_group_edit_policy says who may edit, again administrators and moderators any group, others
 *   only the groups they belong to.
 * System groups are managed by nobody; guests never manage groups.
 */
export function canManageGroup(rt: Runtime, user: User, group: UserGroup): boolean {
  if (group.isSystem || user.role === ROLE.guest || !user.isActive) return false;
  if (group.creatorId === user.id) return true;
  const belongs = rt.store.groups.contains(group, user);
  const staff = user.role <= ROLE.moderator;
  if (!rt.fl.has("canCreateGroups")) return editPolicyAllows(rt, user) && (staff || belongs);
  if (rt.faulty("fl299.realm.can-manage-all-groups-enforced")) return false;
  if (!holds(rt.store.groups, user, rt.store.settings.get("can_manage_all_groups") as GroupSettingValue)) return false;
  return rt.fl.has("manageAllGroupsAnyRole") || staff || belongs;
}

/** user_group_edit_policy (before FL299): 1 members, 2 administrators, 3 full members, 4 moderators. */
function editPolicyAllows(rt: Runtime, user: User): boolean {
  switch (rt.store.settings.get("user_group_edit_policy")) {
    case 2:
      return user.role <= ROLE.administrator;
    case 4:
      return user.role <= ROLE.moderator;
    default:
      return user.role <= ROLE.member;
  }
}

/** May the user add members to the group? Its managers, and from FL305 the members of its can_add_members_group. */
export function canAddMembers(rt: Runtime, user: User, group: UserGroup): boolean {
  if (canManageGroup(rt, user, group)) return true;
  if (group.isSystem || !rt.fl.has("canAddMembersGroup") || rt.faulty("fl305.groups.can-add-members-group-enforced")) return false;
  return holds(rt.store.groups, user, group.canAddMembers);
}

/** May the user create groups? From FL299 members of can_create_groups; before, user_group_edit_policy. Never guests. */
export function canCreateGroups(rt: Runtime, user: User): boolean {
  if (user.role === ROLE.guest) return false;
  if (!rt.fl.has("canCreateGroups")) return editPolicyAllows(rt, user);
  if (rt.faulty("fl299.realm.can-create-groups-enforced")) return true;
  return holds(rt.store.groups, user, rt.store.settings.get("can_create_groups") as GroupSettingValue);
}
