import type { Fault } from "../fault.ts";

/** Messages: edit, move, delete, history: each fault breaks one clause (see ../faults.ts). */
export const messagesEditFaults = {
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
    description: 'update_message events send the empty topic as "" to clients without empty_topic_name',
  },
  "fl334.messages.delete-event-topic-substitution": {
    clause: "fl334.messages.delete-event-topic-substitution",
    description: 'delete_message events send the empty topic as "" to clients without empty_topic_name',
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
  // Only the reference control can bring this about (suites/support/control.ts drives it): a batched operation running out of time.
  "fl154.messages.delete-topic-partially-completed": {
    clause: "fl154.messages.delete-topic-partially-completed",
    description: "POST /streams/{stream_id}/delete_topic never runs out of time (deletes everything at once) before FL211",
    flips: "partialDeleteTopic",
    level: 210,
  },
} as const satisfies Record<string, Fault>;
