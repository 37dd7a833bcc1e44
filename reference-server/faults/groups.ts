import type { Fault } from "./fault.ts";

/** User groups and their members: each fault breaks one clause (see ../faults.ts). */
export const groupsFaults = {
  "fl303.groups.deactivation-permission-corrections": {
    clause: "fl303.groups.deactivation-permission-corrections",
    description: "a user's deactivation corrects permission values silently, with no user_group update or realm update_dict events",
    flips: "deactivationPermissionCorrections",
  },
  "fl303.groups.deactivated-user-membership-frozen": {
    clause: "fl303.groups.deactivated-user-membership-frozen",
    description: "deactivated users can be added to groups, as before FL303",
    flips: "groupMembershipFrozenForDeactivated",
  },
  "fl305.groups.can-add-members-group-field": {
    clause: "fl305.groups.can-add-members-group-field",
    description: "group objects and POST /user_groups/create know no can_add_members_group, as before FL305",
    flips: "canAddMembersGroup",
  },
  "fl305.groups.can-add-members-group-create": {
    clause: "fl305.groups.can-add-members-group-create",
    description: "POST /user_groups/create ignores can_add_members_group",
  },
  "fl305.groups.can-add-members-group-update": {
    clause: "fl305.groups.can-add-members-group-update",
    description: "PATCH /user_groups/{id} ignores can_add_members_group",
  },
  "fl305.groups.can-add-members-group-enforced": {
    clause: "fl305.groups.can-add-members-group-enforced",
    description: "members of a group's can_add_members_group cannot add members unless they manage the group",
  },
  "fl294.groups.deactivate-endpoint": {
    clause: "fl294.groups.deactivate-endpoint",
    description: "POST /user_groups/{id}/deactivate answers success but leaves the group active",
  },
  "fl294.groups.deactivate-event-by-capability": {
    clause: "fl294.groups.deactivate-event-by-capability",
    description: "clients without include_deactivated_groups get a user_group update, not a remove, when a group is deactivated",
  },
  "fl294.groups.rename-deactivated-no-update": {
    clause: "fl294.groups.rename-deactivated-no-update",
    description: "renaming a deactivated group sends an update to clients without include_deactivated_groups",
  },
  "fl294.groups.include-deactivated-groups-param": {
    clause: "fl294.groups.include-deactivated-groups-param",
    description: "GET /user_groups reads allow_deactivated, not include_deactivated_groups, as before FL294",
    flips: "includeDeactivatedGroupsParam",
  },
  "fl294.groups.delete-removed": {
    clause: "fl294.groups.delete-removed",
    description: "DELETE /user_groups/{id} still deletes groups, as before FL294",
    flips: "groupDeleteRemoved",
  },
  "fl298.groups.cannot-deactivate-in-use": {
    clause: "fl298.groups.cannot-deactivate-in-use",
    description: "a group still in use is deactivated anyway, as before FL298",
    flips: "cannotDeactivateGroupInUse",
  },
  "fl340.groups.deactivated-group-editable": {
    clause: "fl340.groups.deactivated-group-editable",
    description: "only the name of a deactivated group can change, as before FL340",
    flips: "deactivatedGroupEditable",
  },

  "fl303.groups.deactivation-removes-memberships": {
    clause: "fl303.groups.deactivation-removes-memberships",
    description: "deactivating a user sends no user_group remove_members events, as before FL303",
    flips: "deactivationLeavesGroups",
  },
  "fl303.groups.reactivation-add-members": {
    clause: "fl303.groups.reactivation-add-members",
    description: "reactivating a user sends no user_group add_members events, as before FL303",
    flips: "reactivationRejoinsGroups",
  },
  "fl303.groups.deactivated-users-not-members": {
    clause: "fl303.groups.deactivated-users-not-members",
    description: "group member lists keep deactivated users, as before FL303",
    flips: "deactivatedUsersNotMembers",
  },
  "fl317.groups.create-returns-group-id": {
    clause: "fl317.groups.create-returns-group-id",
    description: "POST /user_groups/create returns no group_id, as before FL317",
    flips: "createGroupReturnsId",
  },
} as const satisfies Record<string, Fault>;
