import type { Fault } from "../fault.ts";

/** Messages: flags, unreads, topics, read receipts: each fault breaks one clause (see ../faults.ts). */
export const messagesFlagsFaults = {
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
  "fl153.messages.user-topic-visibility": {
    clause: "fl153.messages.user-topic-visibility",
    description: "POST /user_topics stores the policy but sends no user_topic event",
  },
  "fl334.messages.user-topic-event-substitution": {
    clause: "fl334.messages.user-topic-event-substitution",
    description: "user_topic events keep the empty topic for clients without empty_topic_name",
  },
  "fl300.messages.message-ids": {
    clause: "fl300.messages.message-ids",
    description: "GET /messages does not know message_ids, as before FL300",
    flips: "messageIdsParameter",
  },
  // Only the reference control can bring this about (suites/support/control.ts drives it): a batched operation running out of time.
  "fl153.messages.mark-all-as-read-partially-completed": {
    clause: "fl153.messages.mark-all-as-read-partially-completed",
    description: "POST /mark_all_as_read that runs out of time answers plain success before FL211",
    flips: "partialMarkAllAsRead",
    level: 210,
  },
} as const satisfies Record<string, Fault>;
