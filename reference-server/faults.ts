import type { LevelSwitchName } from "./levels.ts";

/**
 * Named faults (mutants) for the suite's self-test: each breaks one clause and nothing else.
 * A fault either flips a level switch (the server acts, for that behaviour only, as a server on the
 * other side of the boundary) or names a hook that a handler checks with `rt.faulty(id)`.
 * `level` is the feature level the self-test runs it at (default 372).
 */
export interface Fault {
  clause: string;
  description: string;
  flips?: LevelSwitchName;
  level?: number;
}

export const faults = {
  "fl257.server.realm-url": {
    clause: "fl257.server.realm-url",
    description: "GET /server_settings and POST /register act as before FL257: no realm_url",
    flips: "realmUrlField",
  },
  "fl174.messages.direct-type": {
    clause: "fl174.messages.direct-type",
    description: "POST /messages rejects type=direct as before FL174",
    flips: "directMessageType",
  },
  "fl155.messages.include-anchor": {
    clause: "fl155.messages.include-anchor",
    description: "GET /messages ignores include_anchor as before FL155",
    flips: "includeAnchorParameter",
  },
  "fl167.server.ignored-parameters-unsupported": {
    clause: "fl167.server.ignored-parameters-unsupported",
    description: "success responses never list ignored parameters",
    flips: "ignoredParametersEverywhere",
  },
  "fl166.messages.realm-str-ignored": {
    clause: "fl166.messages.realm-str-ignored",
    description: "POST /messages still rejects a realm_str of another organization",
    flips: "realmStrMismatchRejected",
  },
  "fl177.messages.dm-narrow-filters": {
    clause: "fl177.messages.dm-narrow-filters",
    description: "the dm, is:dm and dm-including narrow operators are unknown, as before FL177",
    flips: "dmNarrowFilters",
  },
  "fl153.events.bad-queue-id": {
    clause: "fl153.events.bad-queue-id",
    description: "GET /events with an unknown queue id answers success with no events",
  },
  "fl153.events.message-event": {
    clause: "fl153.events.message-event",
    description: "the sender of a message gets no message event for it",
  },
  "fl153.authentication.invalid-credentials": {
    clause: "fl153.authentication.invalid-credentials",
    description: "a wrong API key is accepted when the email is right",
  },
  "fl153.messages.fetch-anchors": {
    clause: "fl153.messages.fetch-anchors",
    description: "GET /messages reports found_newest false at the end of history",
  },
  "fl153.server.missing-parameter": {
    clause: "fl153.server.missing-parameter",
    description: "a missing required parameter answers BAD_REQUEST instead of REQUEST_VARIABLE_MISSING",
  },
  // --- messages: edit, move, delete, history ---
  "fl153.messages.edit-message": {
    clause: "fl153.messages.edit-message",
    description: "PATCH /messages/{message_id} answers success but changes nothing and sends no update_message event",
  },
  "fl153.messages.edit-content-sender-only": {
    clause: "fl153.messages.edit-content-sender-only",
    description: "anyone who can read a message may change its content",
  },
  "fl153.messages.edit-bad-request": {
    clause: "fl153.messages.edit-bad-request",
    description: "PATCH /messages/{message_id} skips its payload checks: a request that changes nothing succeeds",
  },
  "fl153.messages.move-propagate-mode": {
    clause: "fl153.messages.move-propagate-mode",
    description: "propagate_mode change_later moves the whole topic, like change_all",
  },
  "fl153.messages.edit-topic-truncated": {
    clause: "fl153.messages.edit-topic-truncated",
    description: "a new topic longer than max_topic_length is kept whole",
  },
  "fl153.messages.resolve-topic": {
    clause: "fl153.messages.resolve-topic",
    description: "the resolved prefix is dropped from a new topic, so resolving changes nothing",
  },
  "fl153.messages.edit-history-array": {
    clause: "fl153.messages.edit-history-array",
    description: "message objects never carry edit_history",
  },
  "fl153.messages.message-history": {
    clause: "fl153.messages.message-history",
    description: "GET /messages/{message_id}/history lists the snapshots newest first",
  },
  "fl365.messages.last-moved-timestamp": {
    clause: "fl365.messages.last-moved-timestamp",
    description: "message objects lack last_moved_timestamp, as before FL365",
    flips: "lastMovedTimestamp",
  },
  "fl365.messages.last-moved-not-for-resolve": {
    clause: "fl365.messages.last-moved-not-for-resolve",
    description: "resolving a topic gives its messages last_moved_timestamp",
  },
  "fl365.messages.last-edit-timestamp-content-only": {
    clause: "fl365.messages.last-edit-timestamp-content-only",
    description: "a move gives the message last_edit_timestamp, as before FL365",
    flips: "lastEditTimestampContentOnly",
  },
  "fl153.messages.last-edit-timestamp-after-move": {
    clause: "fl153.messages.last-edit-timestamp-after-move",
    description: "before FL365 a move leaves last_edit_timestamp out, as from FL365",
    flips: "lastEditTimestampContentOnly",
    level: 364,
  },
  "fl153.messages.delete-message": {
    clause: "fl153.messages.delete-message",
    description: "members may delete other users' messages",
  },
  "fl153.messages.delete-message-event": {
    clause: "fl153.messages.delete-message-event",
    description: "delete_message events reach only the user who deleted the message",
  },
  "fl153.messages.delete-event-bulk-capability": {
    clause: "fl153.messages.delete-event-bulk-capability",
    description: "delete_message events carry message_ids whatever the client's capabilities",
  },
  "fl274.messages.delete-event-to-deleter": {
    clause: "fl274.messages.delete-event-to-deleter",
    description: "a deleting user not subscribed to the channel gets no delete_message event, as before FL274",
    flips: "deleteEventToDeleter",
  },
  "fl285.messages.detached-uploads": {
    clause: "fl285.messages.detached-uploads",
    description: "the PATCH /messages/{message_id} response lacks detached_uploads, as before FL285",
    flips: "detachedUploads",
  },
  "fl334.messages.update-event-topic-substitution": {
    clause: "fl334.messages.update-event-topic-substitution",
    description: "update_message events send the empty topic as \"\" to clients without empty_topic_name",
  },
  "fl334.messages.delete-event-topic-substitution": {
    clause: "fl334.messages.delete-event-topic-substitution",
    description: "delete_message events send the empty topic as \"\" to clients without empty_topic_name",
  },
  "fl334.messages.history-allow-empty-topic-name": {
    clause: "fl334.messages.history-allow-empty-topic-name",
    description: "GET /messages/{message_id}/history ignores allow_empty_topic_name, as before FL334",
    flips: "historyAllowEmptyTopicName",
  },
  "fl162.messages.move-limits-exempt-privileged": {
    clause: "fl162.messages.move-limits-exempt-privileged",
    description: "administrators and moderators are held to the move time limits too",
  },
  "fl162.messages.topic-edit-time-limit": {
    clause: "fl162.messages.topic-edit-time-limit",
    description: "topic moves follow the fixed 72-hour limit of before FL162, not move_messages_within_stream_limit_seconds",
    flips: "topicEditTimeLimitSetting",
  },
  "fl162.messages.move-channel-time-limit": {
    clause: "fl162.messages.move-channel-time-limit",
    description: "moves to another channel have no time limit, as before FL162",
    flips: "channelMoveTimeLimit",
  },
  "fl159.messages.sender-topic-edit-limited": {
    clause: "fl159.messages.sender-topic-edit-limited",
    description: "a message's sender may edit its topic whatever the time limit, as before FL159",
    flips: "senderTopicEditLimited",
  },
  "fl159.messages.topic-edit-independent-of-message-editing": {
    clause: "fl159.messages.topic-edit-independent-of-message-editing",
    description: "turning message editing off also stops moves, as before FL159",
    flips: "moveIndependentOfMessageEditing",
  },
  "fl172.messages.move-time-limit-exceeded": {
    clause: "fl172.messages.move-time-limit-exceeded",
    description: "change_all moves a whole topic past the time limits, as before FL172",
    flips: "moveTimeLimitExceededError",
  },
  "fl172.messages.topic-edit-restrictions-no-topic": {
    clause: "fl172.messages.topic-edit-restrictions-no-topic",
    description: "anyone may give a topic to a message without one, as before FL172",
    flips: "topicRestrictionsWithoutTopic",
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
  // --- messages: flags, unreads, topics, read receipts ---
  "fl153.messages.flags-update-event": {
    clause: "fl153.messages.flags-update-event",
    description: "POST /messages/flags and the mark-as-read endpoints change flags but send no update_message_flags event",
  },
  "fl153.messages.flags-unread-details": {
    clause: "fl153.messages.flags-unread-details",
    description: "update_message_flags events that remove read carry no message_details",
  },
  "fl153.messages.flags-bad-input": {
    clause: "fl153.messages.flags-bad-input",
    description: "POST /messages/flags silently skips message ids that do not exist",
  },
  "fl155.messages.flags-narrow": {
    clause: "fl155.messages.flags-narrow",
    description: "POST /messages/flags/narrow is unknown, as before FL155",
    flips: "flagsNarrowEndpoint",
  },
  "fl155.messages.flags-unchanged-not-listed": {
    clause: "fl155.messages.flags-unchanged-not-listed",
    description: "update_message_flags events list messages whose flag did not change, as before FL155",
    flips: "flagsNoOpNotListed",
  },
  "fl355.messages.ignored-because-not-subscribed": {
    clause: "fl355.messages.ignored-because-not-subscribed",
    description: "marking unread neither skips unsubscribed channels nor lists them, as before FL355",
    flips: "ignoredBecauseNotSubscribed",
  },
  "fl334.messages.flags-event-topic-substitution": {
    clause: "fl334.messages.flags-event-topic-substitution",
    description: "message_details of update_message_flags events keep the empty topic for clients without empty_topic_name",
  },
  "fl153.messages.mark-read-endpoints": {
    clause: "fl153.messages.mark-read-endpoints",
    description: "POST /mark_topic_as_read marks the whole channel read",
  },
  "fl211.messages.mark-all-as-read-complete": {
    clause: "fl211.messages.mark-all-as-read-complete",
    description: "POST /mark_all_as_read answers without complete, as before FL211",
    flips: "markReadCompleteField",
  },
  "fl211.errors.result-success-or-error": {
    clause: "fl211.errors.result-success-or-error",
    description: "POST /mark_all_as_read answers result partially_completed, as servers could before FL211",
  },
  "fl211.messages.delete-topic-complete": {
    clause: "fl211.messages.delete-topic-complete",
    description: "POST /streams/{stream_id}/delete_topic answers without complete, as before FL211",
    flips: "deleteTopicCompleteField",
  },
  "fl153.messages.delete-topic": {
    clause: "fl153.messages.delete-topic",
    description: "POST /streams/{stream_id}/delete_topic lets any member delete a topic",
  },
  "fl153.messages.channel-topics": {
    clause: "fl153.messages.channel-topics",
    description: "GET /users/me/{stream_id}/topics lists the oldest topic first",
  },
  "fl334.messages.topics-allow-empty-topic-name": {
    clause: "fl334.messages.topics-allow-empty-topic-name",
    description: "GET /users/me/{stream_id}/topics ignores allow_empty_topic_name, as before FL334",
    flips: "topicsAllowEmptyTopicName",
  },
  "fl153.messages.read-receipts": {
    clause: "fl153.messages.read-receipts",
    description: "GET /messages/{message_id}/read_receipts lists the sender",
  },
  "fl153.messages.matches-narrow": {
    clause: "fl153.messages.matches-narrow",
    description: "GET /messages/matches_narrow returns every message asked for, matching or not",
  },
  "fl177.messages.matches-narrow-dm-filters": {
    clause: "fl177.messages.matches-narrow-dm-filters",
    description: "GET /messages/matches_narrow rejects the dm operators of FL177",
  },
  "fl236.messages.read-by-sender": {
    clause: "fl236.messages.read-by-sender",
    description: "POST /messages ignores read_by_sender, as before FL236",
    flips: "readBySender",
  },
  "fl218.messages.automatic-new-visibility-policy": {
    clause: "fl218.messages.automatic-new-visibility-policy",
    description: "POST /messages never says automatic_new_visibility_policy, as before FL218",
    flips: "automaticNewVisibilityPolicy",
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
  "fl153.messages.user-topic-visibility": {
    clause: "fl153.messages.user-topic-visibility",
    description: "POST /user_topics stores the policy but sends no user_topic event",
  },
  "fl334.messages.user-topic-event-substitution": {
    clause: "fl334.messages.user-topic-event-substitution",
    description: "user_topic events keep the empty topic for clients without empty_topic_name",
  },
  // --- messages: reactions, submessages, typing, scheduled messages, empty topic ---
  "fl153.messages.reaction-event": {
    clause: "fl153.messages.reaction-event",
    description: "removing a reaction sends no reaction/remove event",
  },
  "fl153.messages.reaction-user-id": {
    clause: "fl153.messages.reaction-user-id",
    description: "reaction events name the message's sender in user_id instead of the reacting user",
  },
  "fl153.messages.reaction-user-dict": {
    clause: "fl153.messages.reaction-user-dict",
    description: "message objects lose the reactions' user dictionary before FL328",
    flips: "reactionUserDictRemoved",
    level: 327,
  },
  "fl328.messages.reaction-user-dict-removed": {
    clause: "fl328.messages.reaction-user-dict-removed",
    description: "message objects keep the reactions' deprecated user dictionary",
    flips: "reactionUserDictRemoved",
  },
  "fl328.messages.reaction-event-user-dropped": {
    clause: "fl328.messages.reaction-event-user-dropped",
    description: "reaction events keep the user field from FL328 to FL338",
    flips: "reactionEventUserDropped",
    level: 330,
  },
  "fl339.messages.reaction-event-user-restored": {
    clause: "fl339.messages.reaction-event-user-restored",
    description: "reaction events still lack the user field from FL339",
    flips: "reactionEventUserDropped",
  },
  "fl153.messages.reaction-errors": {
    clause: "fl153.messages.reaction-errors",
    description: "adding a reaction the user already made succeeds (a duplicate)",
  },
  "fl153.messages.submessage": {
    clause: "fl153.messages.submessage",
    description: "message objects list no submessages",
  },
  "fl153.messages.typing-direct-to": {
    clause: "fl153.messages.typing-direct-to",
    description: "op stop of a direct typing notification is sent as op start",
  },
  "fl215.messages.typing-types": {
    clause: "fl215.messages.typing-types",
    description: "POST /typing rejects type=direct",
  },
  "fl215.messages.typing-private-rejected": {
    clause: "fl215.messages.typing-private-rejected",
    description: "POST /typing still accepts type=private",
    flips: "typingPrivateRejected",
  },
  "fl215.messages.typing-stream-id": {
    clause: "fl215.messages.typing-stream-id",
    description: "channel typing takes the channel from `to`, as before FL215",
    flips: "typingStreamId",
  },
  "fl215.messages.typing-event-message-type": {
    clause: "fl215.messages.typing-event-message-type",
    description: "direct typing events have message_type private, as before FL215",
    flips: "typingEventDirectType",
  },
  "fl153.messages.typing-channel-capability": {
    clause: "fl153.messages.typing-channel-capability",
    description: "channel typing events go to queues without stream_typing_notifications too",
  },
  "fl153.messages.typing-bad-input": {
    clause: "fl153.messages.typing-bad-input",
    description: "POST /typing with an unknown op acts as op start",
  },
  "fl372.messages.typing-no-topic-literal": {
    clause: "fl372.messages.typing-no-topic-literal",
    description: "POST /typing keeps the topic '(no topic)' literally",
    flips: "typingNoTopicLiteral",
  },
  "fl334.messages.typing-event-topic-substitution": {
    clause: "fl334.messages.typing-event-topic-substitution",
    description: "channel typing events send the empty topic as \"\" to every client",
  },
  "fl351.messages.edit-typing-endpoint": {
    clause: "fl351.messages.edit-typing-endpoint",
    description: "POST /message_edit_typing does not exist from FL351 to FL360",
    flips: "editTypingBodyEndpoint",
    level: 355,
  },
  "fl361.messages.edit-typing-path": {
    clause: "fl361.messages.edit-typing-path",
    description: "POST /messages/{message_id}/typing does not exist from FL361",
    flips: "editTypingPathEndpoint",
  },
  "fl351.messages.typing-edit-message-event": {
    clause: "fl351.messages.typing-edit-message-event",
    description: "edit-typing notifications send no typing_edit_message event",
    flips: "typingEditMessageEvent",
  },
  "fl179.messages.scheduled-create": {
    clause: "fl179.messages.scheduled-create",
    description: "the scheduled-message endpoints do not exist, as before FL179",
    flips: "scheduledMessages",
  },
  "fl179.messages.scheduled-edit": {
    clause: "fl179.messages.scheduled-edit",
    description: "POST /scheduled_messages ignores scheduled_message_id and creates another one",
    flips: "scheduledEditByPost",
  },
  "fl179.messages.scheduled-messages-event": {
    clause: "fl179.messages.scheduled-messages-event",
    description: "creating, editing and deleting scheduled messages sends no scheduled_messages event",
    flips: "scheduledMessagesEvent",
  },
  "fl179.messages.scheduled-delivery": {
    clause: "fl179.messages.scheduled-delivery",
    description: "a delivered scheduled message stays in the owner's scheduled messages",
  },
  "fl179.messages.scheduled-bad-input": {
    clause: "fl179.messages.scheduled-bad-input",
    description: "a scheduled_delivery_timestamp in the past is accepted",
  },
  "fl179.register.scheduled-messages": {
    clause: "fl179.register.scheduled-messages",
    description: "POST /register has no scheduled_messages",
    flips: "registerScheduledMessages",
  },
  "fl236.messages.scheduled-read-by-sender": {
    clause: "fl236.messages.scheduled-read-by-sender",
    description: "POST /scheduled_messages ignores read_by_sender, as before FL236",
    flips: "scheduledReadBySender",
  },
  "fl181.messages.scheduled-failed-field": {
    clause: "fl181.messages.scheduled-failed-field",
    description: "scheduled message objects have no failed field, as before FL181",
    flips: "scheduledFailedField",
  },
  "fl181.messages.scheduled-failed-on-send-failure": {
    clause: "fl181.messages.scheduled-failed-on-send-failure",
    description: "a scheduled message that could not be sent keeps failed: false",
  },
  "fl204.register.typing-timing-constants": {
    clause: "fl204.register.typing-timing-constants",
    description: "POST /register has no typing timing constants, as before FL204",
    flips: "typingTimingConstants",
  },
  "fl334.messages.empty-topic-send": {
    clause: "fl334.messages.empty-topic-send",
    description: "POST /messages refuses the empty topic, as before FL334",
    flips: "emptyTopicName",
  },
  "fl334.messages.empty-topic-channel-only": {
    clause: "fl334.messages.empty-topic-channel-only",
    description: "direct messages get realm_empty_topic_display_name as their subject",
  },
  "fl334.messages.event-subject-substitution": {
    clause: "fl334.messages.event-subject-substitution",
    description: "message events send the empty topic as \"\" to clients without empty_topic_name",
  },
  "fl334.messages.fetch-allow-empty-topic-name": {
    clause: "fl334.messages.fetch-allow-empty-topic-name",
    description: "GET /messages ignores allow_empty_topic_name",
    flips: "allowEmptyTopicNameParameter",
  },
  "fl334.messages.single-allow-empty-topic-name": {
    clause: "fl334.messages.single-allow-empty-topic-name",
    description: "GET /messages/{message_id} ignores allow_empty_topic_name",
    flips: "singleAllowEmptyTopicName",
  },
  "fl334.messages.topic-narrow-display-name": {
    clause: "fl334.messages.topic-narrow-display-name",
    description: "a topic narrow naming realm_empty_topic_display_name does not match the empty topic",
    flips: "topicNarrowDisplayName",
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
  // --- uploads ---
  "fl272.uploads.url": {
    clause: "fl272.uploads.url",
    description: "the POST /user_uploads response has no url, as before FL272",
    flips: "uploadUrlField",
  },
  "fl272.uploads.url#download": {
    clause: "fl272.uploads.url",
    description: "GET of an upload's address answers 404, even to its uploader",
  },
  "fl272.uploads.uri-alias": {
    clause: "fl272.uploads.uri-alias",
    description: "the POST /user_uploads response drops the deprecated uri from FL272 on",
  },
  "fl286.uploads.filename": {
    clause: "fl286.uploads.filename",
    description: "the POST /user_uploads response has no filename, as before FL286",
    flips: "uploadFilenameField",
  },
  "fl286.uploads.filename#address-name": {
    clause: "fl286.uploads.filename",
    description: "filename is the cleaned-up name of the address, not the uploaded file's name",
  },
  "fl295.uploads.tus-endpoint": {
    clause: "fl295.uploads.tus-endpoint",
    description: "there is no /api/v1/tus, as before FL295",
    flips: "tusEndpoint",
  },
  "fl295.uploads.tus-endpoint#finish-body": {
    clause: "fl295.uploads.tus-endpoint",
    description: "the request that finishes a tus upload answers 204 without {url, filename}",
  },
  "fl295.uploads.tus-requires-auth": {
    clause: "fl295.uploads.tus-requires-auth",
    description: "tus checks credentials only when an upload is created: PATCH and HEAD need none",
  },
  "fl153.uploads.max-file-upload-size": {
    clause: "fl153.uploads.max-file-upload-size",
    description: "POST /user_uploads accepts files up to twice max_file_upload_size_mib",
  },
  "fl153.uploads.max-file-upload-size#tus": {
    clause: "fl153.uploads.max-file-upload-size",
    description: "the tus endpoint ignores max_file_upload_size_mib",
  },
  "fl153.uploads.one-file": {
    clause: "fl153.uploads.one-file",
    description: "POST /user_uploads with two files keeps the first instead of refusing the request",
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
  // --- realm settings ---
  "fl352.realm.wildcard-mention-policy-removed": {
    clause: "fl352.realm.wildcard-mention-policy-removed",
    description: "PATCH /realm still reads wildcard_mention_policy after FL352 replaced it",
  },
  "fl264.realm.can-create-public-channel-group-register": {
    clause: "fl264.realm.can-create-public-channel-group-register",
    description: "POST /register leaves out realm_can_create_public_channel_group",
  },
  "fl316.realm.can-move-messages-between-topics-group-event": {
    clause: "fl316.realm.can-move-messages-between-topics-group-event",
    description: "a change of can_move_messages_between_topics_group sends no realm event",
  },
  // --- users ---
  "fl163.settings.email-address-visibility": {
    clause: "fl163.settings.email-address-visibility",
    description: "email_address_visibility is no user setting (PATCH /settings, defaults and register leave it out), as before FL163",
    flips: "emailVisibilityPerUser",
  },
  "fl163.realm.email-address-visibility-removed": {
    clause: "fl163.realm.email-address-visibility-removed",
    description: "email_address_visibility stays a realm setting in PATCH /realm and register, as before FL163",
    flips: "emailVisibilityUserSetting",
  },
  "fl163.users.delivery-email-present": {
    clause: "fl163.users.delivery-email-present",
    description: "user objects carry delivery_email only when the email is not public, as before FL163",
    flips: "deliveryEmailAlwaysPresent",
  },
  "fl163.users.avatar-url-null-by-visibility": {
    clause: "fl163.users.avatar-url-null-by-visibility",
    description: "with client_gravatar avatar_url follows the organization's email visibility, not the user's, as before FL163",
    flips: "avatarUrlByUserVisibility",
  },
  "fl222.users.deactivate-event": {
    clause: "fl222.users.deactivate-event",
    description: "deactivating a user sends realm_user remove instead of update, as before FL222",
    flips: "userDeactivateUpdateEvent",
  },
  "fl222.users.reactivate-event": {
    clause: "fl222.users.reactivate-event",
    description: "reactivating a user sends realm_user add instead of update, as before FL222",
    flips: "userReactivateUpdateEvent",
  },
  "fl222.users.bot-active-event": {
    clause: "fl222.users.bot-active-event",
    description: "deactivating or reactivating a bot sends realm_bot remove or add instead of update, as before FL222",
    flips: "botActiveUpdateEvent",
  },
  "fl225.users.can-access-all-users-restriction": {
    clause: "fl225.users.can-access-all-users-restriction",
    description: "users outside can_access_all_users_group_id still access every user, as before FL225",
    flips: "restrictedUserAccess",
  },
  "fl228.users.update-event-access": {
    clause: "fl228.users.update-event-access",
    description: "realm_user update events go to every user, access or not, as before FL228",
    flips: "userUpdateEventAccess",
  },
  "fl228.users.guest-gains-access-add": {
    clause: "fl228.users.guest-gains-access-add",
    description: "a guest gaining access to a user gets no realm_user add event, as before FL228",
    flips: "accessGainedAddEvent",
  },
  "fl228.users.guest-loses-access-remove": {
    clause: "fl228.users.guest-loses-access-remove",
    description: "a guest losing access to a user gets no realm_user remove event, as before FL228",
    flips: "accessLostRemoveEvent",
  },
  "fl232.users.unknown-user-add-event": {
    clause: "fl232.users.unknown-user-add-event",
    description: "every client of a restricted user gets 'Unknown user' add events, capability or not, as before FL232",
    flips: "unknownUserAddEventByCapability",
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
  "fl302.users.lookup-by-email-visibility": {
    clause: "fl302.users.lookup-by-email-visibility",
    description: "GET /users/{email} looks users up by their API email only, as before FL302",
    flips: "lookupByEmailVisibility",
  },
  "fl303.users.reactivation-event-access": {
    clause: "fl303.users.reactivation-event-access",
    description: "reactivation events go to users who cannot access the user, as before FL303",
    flips: "reactivationEventAccess",
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
  "fl359.users.bot-owner-change-keeps-subscriptions": {
    clause: "fl359.users.bot-owner-change-keeps-subscriptions",
    description: "a bot's new owner unsubscribes it from channels the owner is not in, as before FL359",
    flips: "botOwnerChangeKeepsSubscriptions",
  },
  "fl163.users.delivery-email-null-without-access": {
    clause: "fl163.users.delivery-email-null-without-access",
    description: "delivery_email holds the real email even for requesters who may not see it",
  },
  "fl163.users.bot-delivery-email": {
    clause: "fl163.users.bot-delivery-email",
    description: "a bot's delivery_email is null for requesters other than administrators",
  },
  "fl153.users.dummy-email": {
    clause: "fl153.users.dummy-email",
    description: "the email field holds the real email even for requesters who may not see it",
  },
  "fl153.users.get-users": {
    clause: "fl153.users.get-users",
    description: "GET /users leaves out deactivated users",
  },
  "fl153.users.no-such-user": {
    clause: "fl153.users.no-such-user",
    description: "an unknown user id or email gets HTTP 404",
  },
  "fl153.users.deactivate-reactivate": {
    clause: "fl153.users.deactivate-reactivate",
    description: "DELETE /users/{user_id} answers success but leaves the user active",
  },
  "fl153.users.deactivate-errors": {
    clause: "fl153.users.deactivate-errors",
    description: "deactivating an already deactivated user succeeds",
  },
  "fl153.users.cannot-deactivate-last-owner": {
    clause: "fl153.users.cannot-deactivate-last-owner",
    description: "the organization's only owner can be deactivated",
  },
  "fl153.register.realm-users": {
    clause: "fl153.register.realm-users",
    description: "realm_users leaves out bots",
  },
} as const satisfies Record<string, Fault>;

export type FaultId = keyof typeof faults;
export const FAULT_IDS = Object.keys(faults) as FaultId[];

export function isFaultId(id: string): id is FaultId {
  return Object.hasOwn(faults, id);
}
