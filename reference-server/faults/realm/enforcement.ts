import type { Fault } from "../fault.ts";

/** Realm permission settings enforced: who may do what as the organization's settings say; each fault breaks one clause (see ../faults.ts). */
export const realmEnforcementFaults = {
  "fl264.realm.can-create-public-channel-group-enforced": {
    clause: "fl264.realm.can-create-public-channel-group-enforced",
    description: "who may create public channels follows create_public_stream_policy, as before FL264",
    flips: "canCreatePublicChannelGroupEnforced",
  },
  "fl266.realm.can-create-private-channel-group-enforced": {
    clause: "fl266.realm.can-create-private-channel-group-enforced",
    description: "who may create private channels follows create_private_stream_policy, as before FL266",
    flips: "canCreatePrivateChannelGroupEnforced",
  },
  "fl280.realm.can-create-web-public-channel-group-enforced": {
    clause: "fl280.realm.can-create-web-public-channel-group-enforced",
    description: "who may create web-public channels follows create_web_public_stream_policy, as before FL280",
    flips: "canCreateWebPublicChannelGroupEnforced",
  },
  "fl341.realm.can-add-subscribers-group-enforced": {
    clause: "fl341.realm.can-add-subscribers-group-enforced",
    description: "who may subscribe others follows invite_to_stream_policy, as before FL341",
    flips: "canAddSubscribersGroupEnforced",
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
  "fl352.realm.can-mention-many-users-group-enforced": {
    clause: "fl352.realm.can-mention-many-users-group-enforced",
    description: "wildcard mentions in large channels follow wildcard_mention_policy, not can_mention_many_users_group",
  },
  "fl209.realm.create-multiuse-invite-group-enforced": {
    clause: "fl209.realm.create-multiuse-invite-group-enforced",
    description: "create_multiuse_invite_group is not enforced: only administrators create reusable links, as before FL209",
    flips: "multiuseInviteGroupEnforced",
  },
  "fl321.realm.can-invite-users-group-enforced": {
    clause: "fl321.realm.can-invite-users-group-enforced",
    description: "POST /invites follows the removed invite_to_realm_policy instead of can_invite_users_group, as before FL321",
    flips: "inviteUsersGroupEnforced",
  },
  "fl316.realm.can-move-messages-between-topics-group-enforced": {
    clause: "fl316.realm.can-move-messages-between-topics-group-enforced",
    description: "topic moves follow edit_topic_policy, not can_move_messages_between_topics_group, as before FL316",
    flips: "moveTopicsGroupEnforced",
  },
  "fl291.realm.can-delete-own-message-group-enforced": {
    clause: "fl291.realm.can-delete-own-message-group-enforced",
    description: "deleting one's own messages follows delete_own_message_policy, not can_delete_own_message_group, as before FL291",
    flips: "deleteOwnGroupEnforced",
  },
  "fl310.realm.can-move-messages-between-channels-group-enforced": {
    clause: "fl310.realm.can-move-messages-between-channels-group-enforced",
    description: "anyone may move messages between channels, whatever can_move_messages_between_channels_group says",
  },
} as const satisfies Record<string, Fault>;
