import type { Fault } from "../fault.ts";

/** Messages: reactions, submessages, typing, scheduled messages, the empty topic: each fault breaks one clause (see ../faults.ts). */
export const messagesWidgetsFaults = {
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
    description: 'channel typing events send the empty topic as "" to every client',
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
    description: 'message events send the empty topic as "" to clients without empty_topic_name',
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
} as const satisfies Record<string, Fault>;
