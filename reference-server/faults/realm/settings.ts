import type { Fault } from "../fault.ts";

/** Realm settings: each fault breaks one clause (see ../../faults.ts). */
export const realmFaults = {
  // The permission-setting table's families (PATCH, register, event, removed policy) are generated: permission-table.ts.
  "fl358.realm.edit-history-visibility-policy": {
    clause: "fl358.realm.edit-history-visibility-policy",
    description: "PATCH /realm ignores message_edit_history_visibility_policy at FL358",
    flips: "editHistoryVisibilityPolicy",
  },
  "fl358.realm.allow-edit-history-removed": {
    clause: "fl358.realm.allow-edit-history-removed",
    description: "PATCH /realm still reads allow_edit_history after FL358",
    flips: "allowEditHistoryRemoved",
  },
  "fl353.realm.video-chat-provider-server-oauth": {
    clause: "fl353.realm.video-chat-provider-server-oauth",
    description: "video_chat_provider refuses the server-to-server OAuth option at FL353",
    flips: "videoChatServerOauth",
  },
  "fl348.realm.enable-guest-user-dm-warning": {
    clause: "fl348.realm.enable-guest-user-dm-warning",
    description: "enable_guest_user_dm_warning is not a realm setting at FL348",
    flips: "enableGuestUserDmWarning",
  },
  "fl216.realm.enable-guest-user-indicator": {
    clause: "fl216.realm.enable-guest-user-indicator",
    description: "enable_guest_user_indicator is not a realm setting at FL216",
    flips: "enableGuestUserIndicator",
  },
  "fl331.realm.moderation-request-channel-id": {
    clause: "fl331.realm.moderation-request-channel-id",
    description: "moderation_request_channel_id is not a realm setting at FL331",
    flips: "moderationRequestChannel",
  },
  "fl242.realm.update-announcements-stream-id": {
    clause: "fl242.realm.update-announcements-stream-id",
    description: "chat_update_announcements_stream_id is not a realm setting at FL242",
    flips: "updateAnnouncementsStream",
  },
  "fl241.realm.new-stream-announcements-stream": {
    clause: "fl241.realm.new-stream-announcements-stream",
    description: "the setting keeps its old name notifications_stream at FL241",
    flips: "announcementStreamsRenamed",
  },
  "fl241.realm.signup-announcements-stream": {
    clause: "fl241.realm.signup-announcements-stream",
    description: "the setting keeps its old name signup_notifications_stream at FL241",
    flips: "signupAnnouncementsRenamed",
  },
  "fl306.realm.update-no-extra-data": { clause: "fl306.realm.update-no-extra-data", description: "realm update events still carry extra_data" },
  "fl212.realm.meet-server-url": {
    clause: "fl212.realm.meet-server-url",
    description: "meet_server_url is not a realm setting at FL212",
    flips: "meetServerUrl",
  },
  "fl195.realm.default-code-block-language-empty": {
    clause: "fl195.realm.default-code-block-language-empty",
    description: "an unset default_code_block_language is null at FL195",
    flips: "defaultCodeBlockLanguageEmpty",
  },
  "fl162.realm.move-within-stream-limit-setting": {
    clause: "fl162.realm.move-within-stream-limit-setting",
    description: "move_messages_within_stream_limit_seconds is not a realm setting at FL162",
    flips: "moveLimitSettings",
  },
  "fl162.realm.move-between-streams-limit-setting": {
    clause: "fl162.realm.move-between-streams-limit-setting",
    description: "move_messages_between_streams_limit_seconds is not a realm setting at FL162",
    flips: "moveBetweenLimitSetting",
  },
  "fl183.realm.community-topic-editing-limit-removed": {
    clause: "fl183.realm.community-topic-editing-limit-removed",
    description: "register still has realm_community_topic_editing_limit_seconds at FL183",
    flips: "communityTopicEditingLimitRemoved",
  },
  "fl243.realm.authentication-methods-dicts": {
    clause: "fl243.realm.authentication-methods-dicts",
    description: "realm_authentication_methods still maps methods to booleans at FL243",
    flips: "authenticationMethodDicts",
  },
  "fl243.realm.authentication-method-fields": {
    clause: "fl243.realm.authentication-method-fields",
    description: "an unavailable method's dictionary lacks unavailable_reason",
  },
  "fl153.realm.authentication-methods-booleans": {
    clause: "fl153.realm.authentication-methods-booleans",
    description: "realm_authentication_methods maps methods to dictionaries before FL243",
    flips: "authenticationMethodDicts",
    level: 242,
  },
  "fl176.realm.linkifiers-url-template": {
    clause: "fl176.realm.linkifiers-url-template",
    description: "linkifier objects still carry url_format_string at FL176",
    flips: "linkifierUrlTemplate",
  },
  "fl176.realm.linkifier-create-url-template": {
    clause: "fl176.realm.linkifier-create-url-template",
    description: "POST /realm/filters still wants url_format_string at FL176",
    flips: "linkifierCreateUrlTemplate",
  },
  "fl176.realm.linkifier-update-url-template": {
    clause: "fl176.realm.linkifier-update-url-template",
    description: "PATCH /realm/filters/{filter_id} still wants url_format_string at FL176",
    flips: "linkifierUpdateUrlTemplate",
  },
  "fl176.realm.linkifiers-event-capability": {
    clause: "fl176.realm.linkifiers-event-capability",
    description: "realm_linkifiers events reach clients without linkifier_url_template",
    flips: "linkifierEventsByCapability",
  },
  "fl176.realm.realm-filters-no-events": {
    clause: "fl176.realm.realm-filters-no-events",
    description: "realm_filters events are still sent at FL176",
    flips: "realmFiltersNoEvents",
  },
  "fl252.realm.profile-field-update-optional": {
    clause: "fl252.realm.profile-field-update-optional",
    description: "PATCH /realm/profile_fields/{field_id} resets absent properties at FL252",
    flips: "profileFieldUpdateOptional",
  },
  "fl332.realm.deactivate-deletion-delay": {
    clause: "fl332.realm.deactivate-deletion-delay",
    description: "POST /realm/deactivate ignores deletion_delay_days at FL332",
    flips: "deactivateDeletionDelay",
  },
  "fl332.realm.deletion-delay-bounds": {
    clause: "fl332.realm.deletion-delay-bounds",
    description: "POST /realm/deactivate accepts a deletion_delay_days below the minimum",
  },
  "fl270.realm.direct-message-initiator-group-enforced": {
    clause: "fl270.realm.direct-message-initiator-group-enforced",
    description: "anyone may start a direct-message conversation at FL270",
    flips: "dmInitiatorGroupEnforced",
  },
  "fl270.realm.direct-message-permission-group-enforced": {
    clause: "fl270.realm.direct-message-permission-group-enforced",
    description: "direct messages need no member of direct_message_permission_group at FL270",
    flips: "dmPermissionGroupEnforced",
  },
  "fl307.realm.can-add-custom-emoji-group-enforced": {
    clause: "fl307.realm.can-add-custom-emoji-group-enforced",
    description: "custom emoji follow add_custom_emoji_policy, not can_add_custom_emoji_group, at FL307",
    flips: "customEmojiGroupEnforced",
  },
  "fl344.realm.can-create-bots-group-enforced": {
    clause: "fl344.realm.can-create-bots-group-enforced",
    description: "bots follow bot_creation_policy, not can_create_bots_group, at FL344",
    flips: "botsGroupEnforced",
  },
  "fl344.realm.can-create-write-only-bots-group-enforced": {
    clause: "fl344.realm.can-create-write-only-bots-group-enforced",
    description: "can_create_write_only_bots_group lets nobody create incoming-webhook bots",
    flips: "writeOnlyBotsGroupEnforced",
  },
  // Anonymous groups in production (FL309).
  "fl309.realm.anonymous-group-values": {
    clause: "fl309.realm.anonymous-group-values",
    description: "PATCH /realm wants a system group for every permission setting, as production servers before FL309",
    flips: "anonymousGroupValues",
  },
  // The FL159 "Nobody" options.
  "fl159.realm.edit-topic-policy-nobody": {
    clause: "fl159.realm.edit-topic-policy-nobody",
    description: "edit_topic_policy refuses Nobody (6), as before FL159",
    flips: "editTopicPolicyNobody",
    level: 300,
  },
  "fl159.realm.move-between-streams-policy-nobody": {
    clause: "fl159.realm.move-between-streams-policy-nobody",
    description: "move_messages_between_streams_policy refuses Nobody (6), as before FL159",
    flips: "moveBetweenStreamsPolicyNobody",
    level: 300,
  },
  // Only the reference control can bring this about (suites/support/control.ts drives it): a plan change.
  "fl306.realm.plan-type-update-dict": {
    clause: "fl306.realm.plan-type-update-dict",
    description: "a plan change still arrives as a realm update event for plan_type with extra_data from FL306 on",
    flips: "planTypeUpdateDict",
  },
  "fl306.realm.max-file-upload-size-update-dict": {
    clause: "fl306.realm.max-file-upload-size-update-dict",
    description: "max_file_upload_size_mib stays a constant a plan change does not touch (and no event carries) from FL306 on",
    flips: "uploadLimitsInUpdateDict",
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
  "fl231.realm.push-notifications-enabled-real": {
    clause: "fl231.realm.push-notifications-enabled-real",
    description: "realm_push_notifications_enabled says only whether a bouncer is configured, ignoring its answer, as before FL231",
    flips: "pushEnabledReflectsBouncer",
  },
  "fl231.realm.push-notifications-update-event": {
    clause: "fl231.realm.push-notifications-update-event",
    description: "push_notifications_enabled changes without a realm update event, as before FL231",
    flips: "pushEnabledUpdateEvent",
  },
  "fl163.realm.email-address-visibility-removed": {
    clause: "fl163.realm.email-address-visibility-removed",
    description: "email_address_visibility stays a realm setting in PATCH /realm and register, as before FL163",
    flips: "emailVisibilityUserSetting",
  },
} as const satisfies Record<string, Fault>;
