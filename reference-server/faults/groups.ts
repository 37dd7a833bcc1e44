import type { Fault } from "./fault.ts";

/** User groups, group-setting values, the group permissions and wildcard mentions: each fault breaks one clause (see ../faults.ts). */
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
  "fl299.realm.can-create-groups-enforced": {
    clause: "fl299.realm.can-create-groups-enforced",
    description: "users outside can_create_groups still create groups",
  },
  "fl299.realm.can-manage-all-groups-enforced": {
    clause: "fl299.realm.can-manage-all-groups-enforced",
    description: "members of can_manage_all_groups manage only the groups they created",
  },
  "fl299.realm.can-manage-all-groups-role-limited": {
    clause: "fl299.realm.can-manage-all-groups-role-limited",
    description: "at FL300 can_manage_all_groups lets members manage groups they do not belong to, as from FL305",
    flips: "manageAllGroupsAnyRole",
    level: 300,
  },
  "fl305.realm.can-manage-all-groups-any-role": {
    clause: "fl305.realm.can-manage-all-groups-any-role",
    description: "members of can_manage_all_groups below moderator manage only the groups they belong to, as before FL305",
    flips: "manageAllGroupsAnyRole",
  },
  "fl153.realm.group-setting-value-shape": {
    clause: "fl153.realm.group-setting-value-shape",
    description: "PATCH /realm drops the direct_members of anonymous group values",
  },
  "fl153.realm.group-setting-value-encoding": {
    clause: "fl153.realm.group-setting-value-encoding",
    description: "PATCH /realm applies a group-setting update whose old value does not match",
  },
  "fl303.realm.group-setting-value-no-deactivated-users": {
    clause: "fl303.realm.group-setting-value-no-deactivated-users",
    description: "group-setting values keep deactivated users in direct_members, as before FL303",
    flips: "settingValuesDropDeactivatedUsers",
  },
  "fl153.realm.setting-change-events": {
    clause: "fl153.realm.setting-change-events",
    description: "PATCH /realm sends no realm events",
  },
  "fl352.realm.can-mention-many-users-group-enforced": {
    clause: "fl352.realm.can-mention-many-users-group-enforced",
    description: "wildcard mentions in large channels follow wildcard_mention_policy, not can_mention_many_users_group",
  },
  "fl299.register.user-group-edit-policy-deprecated": {
    clause: "fl299.register.user-group-edit-policy-deprecated",
    description: "POST /register leaves out the deprecated user_group_edit_policy",
  },
  "fl294.register.capability-include-deactivated-groups": {
    clause: "fl294.register.capability-include-deactivated-groups",
    description: "POST /register ignores the include_deactivated_groups capability, as before FL294",
    flips: "includeDeactivatedGroupsCapability",
  },
  "fl352.register.wildcard-mention-policy-deprecated": {
    clause: "fl352.register.wildcard-mention-policy-deprecated",
    description: "POST /register leaves out the deprecated realm_wildcard_mention_policy",
  },
  "fl229.messages.stream-wildcard-mention-not-allowed": {
    clause: "fl229.messages.stream-wildcard-mention-not-allowed",
    description: "a forbidden channel wildcard mention in a large channel gets BAD_REQUEST, as before FL229",
    flips: "streamWildcardMentionCode",
  },
  "fl229.messages.topic-wildcard-mention-not-allowed": {
    clause: "fl229.messages.topic-wildcard-mention-not-allowed",
    description: "a forbidden topic wildcard mention in a large topic gets BAD_REQUEST, as before FL229",
    flips: "topicWildcardMentionCode",
  },
} as const satisfies Record<string, Fault>;
