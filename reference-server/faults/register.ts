import type { Fault } from "./fault.ts";

/** POST /register: the sections of the initial state and the client capabilities; each fault breaks one clause (see ../faults.ts). */
export const registerFaults = {
  "fl341.register.can-subscribe-other-users-removed": {
    clause: "fl341.register.can-subscribe-other-users-removed",
    description: "register still returns can_subscribe_other_users, as before FL341",
    flips: "canSubscribeOtherUsersRemoved",
  },
  "fl205.register.streams-include-web-public": {
    clause: "fl205.register.streams-include-web-public",
    description: "a guest's register streams leave out web-public channels it is not in, as before FL205",
    flips: "registerStreamsWebPublic",
  },
  "fl264.register.create-public-stream-policy-deprecated": {
    clause: "fl264.register.create-public-stream-policy-deprecated",
    description: "register leaves out realm_create_public_stream_policy",
  },
  "fl266.register.create-private-stream-policy-deprecated": {
    clause: "fl266.register.create-private-stream-policy-deprecated",
    description: "register leaves out realm_create_private_stream_policy",
  },
  "fl280.register.create-web-public-stream-policy-deprecated": {
    clause: "fl280.register.create-web-public-stream-policy-deprecated",
    description: "register leaves out realm_create_web_public_stream_policy",
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
  "fl153.register.unread-msgs": {
    clause: "fl153.register.unread-msgs",
    description: "register unread_msgs leaves out one-on-one direct messages",
  },
  "fl213.register.unread-counts-followed-unmuted": {
    clause: "fl213.register.unread-counts-followed-unmuted",
    description: "unread_msgs ignores unmuted and followed topics of muted channels, as before FL213",
    flips: "unreadCountsUnmuteFollow",
  },
  "fl334.register.unread-msgs-topic-substitution": {
    clause: "fl334.register.unread-msgs-topic-substitution",
    description: "register unread_msgs keeps the empty topic for clients without empty_topic_name",
  },
  "fl153.register.user-topics": {
    clause: "fl153.register.user-topics",
    description: "register user_topics is always empty",
  },
  "fl334.register.user-topics-topic-name-substitution": {
    clause: "fl334.register.user-topics-topic-name-substitution",
    description: "register user_topics keeps the empty topic for clients without empty_topic_name",
  },
  "fl179.register.scheduled-messages": {
    clause: "fl179.register.scheduled-messages",
    description: "POST /register has no scheduled_messages",
    flips: "registerScheduledMessages",
  },
  "fl204.register.typing-timing-constants": {
    clause: "fl204.register.typing-timing-constants",
    description: "POST /register has no typing timing constants, as before FL204",
    flips: "typingTimingConstants",
  },
  "fl334.register.empty-topic-display-name": {
    clause: "fl334.register.empty-topic-display-name",
    description: "POST /register has no realm_empty_topic_display_name",
    flips: "emptyTopicDisplayName",
  },
  "fl334.register.capability-empty-topic-name": {
    clause: "fl334.register.capability-empty-topic-name",
    description: "POST /register ignores the empty_topic_name capability",
    flips: "emptyTopicNameCapability",
  },
  "fl358.register.allow-edit-history-deprecated": {
    clause: "fl358.register.allow-edit-history-deprecated",
    description: "POST /register drops the deprecated realm_allow_edit_history",
    flips: "allowEditHistoryDeprecated",
  },
  "fl176.register.capability-linkifier-url-template": {
    clause: "fl176.register.capability-linkifier-url-template",
    description: "POST /register does not know the linkifier_url_template capability",
    flips: "linkifierUrlTemplateCapability",
  },
  "fl176.register.realm-filters-empty": {
    clause: "fl176.register.realm-filters-empty",
    description: "register still lists linkifiers in realm_filters at FL176",
    flips: "realmFiltersEmpty",
  },
  "fl176.register.linkifiers-without-capability": {
    clause: "fl176.register.linkifiers-without-capability",
    description: "clients without linkifier_url_template get the linkifiers in realm_linkifiers",
    flips: "linkifiersNeedCapability",
  },
  "fl332.register.realm-deletion-days-bounds": {
    clause: "fl332.register.realm-deletion-days-bounds",
    description: "register lacks the deletion-days bounds at FL332",
    flips: "realmDeletionDaysBounds",
  },
  "fl153.register.realm-prefix": { clause: "fl153.register.realm-prefix", description: "register sends the organization's name as name, not realm_name" },
  "fl221.register.server-supported-permission-settings": {
    clause: "fl221.register.server-supported-permission-settings",
    description: "register lacks server_supported_permission_settings at FL221",
    flips: "serverSupportedPermissionSettings",
  },
  "fl225.register.permission-settings-allowed-system-groups": {
    clause: "fl225.register.permission-settings-allowed-system-groups",
    description: "permission-setting configurations lack allowed_system_groups at FL225",
    flips: "permissionSettingsAllowedSystemGroups",
  },
  "fl326.register.permission-settings-fields-removed": {
    clause: "fl326.register.permission-settings-fields-removed",
    description: "permission-setting configurations keep allow_owners_group and id_field_name",
  },
  "fl273.register.server-thumbnail-formats": {
    clause: "fl273.register.server-thumbnail-formats",
    description: "register lacks server_thumbnail_formats at FL273",
    flips: "serverThumbnailFormats",
  },
  "fl338.register.password-max-length": {
    clause: "fl338.register.password-max-length",
    description: "register lacks password_max_length at FL338",
    flips: "passwordMaxLength",
  },
  "fl231.register.push-notifications-enabled-end-timestamp": {
    clause: "fl231.register.push-notifications-enabled-end-timestamp",
    description: "register lacks realm_push_notifications_enabled_end_timestamp at FL231",
    flips: "pushNotificationsEndTimestamp",
  },
  "fl212.register.server-meet-server-url": {
    clause: "fl212.register.server-meet-server-url",
    description: "register lacks server_meet_server_url at FL212",
    flips: "serverMeetServerUrl",
  },
  "fl153.register.client-capabilities-encoding": {
    clause: "fl153.register.client-capabilities-encoding",
    description: "POST /register accepts client_capabilities whose values are not booleans",
  },
  "fl257.register.realm-url": {
    clause: "fl257.register.realm-url",
    description: "POST /register sends realm_url without its scheme (the bare host)",
  },
  "fl257.register.realm-uri-alias": {
    clause: "fl257.register.realm-uri-alias",
    description: "POST /register drops the deprecated realm_uri once it sends realm_url",
  },
  "fl164.register.presence-timing-constants": {
    clause: "fl164.register.presence-timing-constants",
    description: "register leaves out the presence timing constants, as before FL164",
    flips: "presenceTimingConstants",
  },
  "fl288.register.presence-history-limit-days": {
    clause: "fl288.register.presence-history-limit-days",
    description: "POST /register ignores presence_history_limit_days, as before FL288",
    flips: "presenceHistoryLimitDays",
  },
  // Only the reference control can bring this about (suites/support/control.ts drives it): time passing.
  "fl288.register.presence-history-limit-days-filter": {
    clause: "fl288.register.presence-history-limit-days-filter",
    description: "POST /register reads presence_history_limit_days but returns presence older than that many days",
  },
  "fl153.register.max-file-upload-size-mib": {
    clause: "fl153.register.max-file-upload-size-mib",
    description: "POST /register sends the limit as realm_max_file_upload_size_mib instead of max_file_upload_size_mib",
  },
  "fl251.register.upload-quota-mib": {
    clause: "fl251.register.upload-quota-mib",
    description: "POST /register still gives realm_upload_quota_mib in bytes from FL251 on",
    flips: "uploadQuotaInMib",
  },
  "fl153.register.upload-quota-bytes": {
    clause: "fl153.register.upload-quota-bytes",
    description: "POST /register gives realm_upload_quota_mib in MiB before FL251",
    flips: "uploadQuotaInMib",
    level: 250,
  },
  "fl232.register.unknown-user-placeholders": {
    clause: "fl232.register.unknown-user-placeholders",
    description: "every client of a restricted user gets 'Unknown user' placeholders in realm_users, as before FL232",
    flips: "unknownUserPlaceholdersByCapability",
  },
  "fl232.register.capability-user-list-incomplete": {
    clause: "fl232.register.capability-user-list-incomplete",
    description: "POST /register drops the user_list_incomplete capability, as before FL232",
    flips: "userListIncompleteCapability",
  },
  "fl153.register.realm-users": {
    clause: "fl153.register.realm-users",
    description: "realm_users leaves out bots",
  },
} as const satisfies Record<string, Fault>;
