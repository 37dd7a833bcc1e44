import type { Fault } from "../fault.ts";

/** Messages: sending, fetching with narrows, and who may read and is told of a message: each fault breaks one clause (see ../faults.ts). */
export const messagesCoreFaults = {
  // sending
  "fl153.messages.send-channel-message": {
    clause: "fl153.messages.send-channel-message",
    description: "a channel message `to` a JSON list of one channel name is looked up as that raw text and gets STREAM_DOES_NOT_EXIST",
  },
  "fl153.messages.send-direct-message": {
    clause: "fl153.messages.send-direct-message",
    description: "direct message recipients given by email are refused; only user ids are understood",
  },
  "fl153.messages.subject-alias": {
    clause: "fl153.messages.subject-alias",
    description: "POST /messages ignores the legacy subject parameter (the message goes to no or the empty topic)",
  },
  "fl174.messages.private-type-alias": {
    clause: "fl174.messages.private-type-alias",
    description: "from FL174 type=private is refused as an invalid message type once type=direct exists",
  },
  "fl153.messages.realm-str-mismatch-rejected": {
    clause: "fl153.messages.realm-str-mismatch-rejected",
    description: "before FL166 a realm_str naming another organization is ignored, as from FL166",
    flips: "realmStrMismatchRejected",
    level: 160,
  },
  // who may read a message, and who is told of it
  "fl153.messages.access-received": {
    clause: "fl153.messages.access-received",
    description:
      "a received channel message is readable only while the user is subscribed (or reads the history): unsubscribing from a private channel loses it",
  },
  "fl153.messages.access-public-channel": {
    clause: "fl153.messages.access-public-channel",
    description: "guests have content access to every public channel, so they read the history of public channels they are not subscribed to",
  },
  "fl153.messages.access-private-channel": {
    clause: "fl153.messages.access-private-channel",
    description: "protected history is ignored: subscribers of a private channel read messages sent before they joined",
  },
  "fl153.messages.access-direct-message": {
    clause: "fl153.messages.access-direct-message",
    description: "organization administrators read direct messages between other users",
  },
  "fl153.messages.message-event-recipients": {
    clause: "fl153.messages.message-event-recipients",
    description: "a channel message's event goes to everyone who can read it, also to non-subscribers of a public channel",
  },
  // fetching
  "fl153.messages.narrow-channel-topic": {
    clause: "fl153.messages.narrow-channel-topic",
    description: "a topic term of a narrow is ignored, so a channel and topic narrow returns the whole channel",
  },
  "fl153.messages.bad-narrow": {
    clause: "fl153.messages.bad-narrow",
    description: "a narrow term with an unknown operator is skipped instead of getting BAD_NARROW",
  },
  "fl153.messages.bad-anchor": {
    clause: "fl153.messages.bad-anchor",
    description: "an anchor that is neither a keyword nor an integer is read as newest instead of getting BAD_REQUEST",
  },
  "fl177.messages.legacy-dm-filters": {
    clause: "fl177.messages.legacy-dm-filters",
    description: "from FL177 the deprecated pm-with, group-pm-with and is:private filters are unknown operators, as if replaced by dm",
  },

  "fl354.messages.content-access-send": {
    clause: "fl354.messages.content-access-send",
    description: "content-access groups do not let users post, as before FL354",
    flips: "contentAccessSend",
  },
  "fl354.messages.content-access-fetch": {
    clause: "fl354.messages.content-access-fetch",
    description: "GET /messages ignores content-access groups, as before FL354",
    flips: "contentAccessFetch",
  },
  "fl354.messages.content-access-single": {
    clause: "fl354.messages.content-access-single",
    description: "GET /messages/{message_id} ignores content-access groups, as before FL354",
    flips: "contentAccessSingle",
  },
  "fl354.messages.content-access-read-receipts": {
    clause: "fl354.messages.content-access-read-receipts",
    description: "read receipts ignore content-access groups, as before FL354",
    flips: "contentAccessReadReceipts",
  },
  "fl354.messages.content-access-edit": {
    clause: "fl354.messages.content-access-edit",
    description: "PATCH /messages/{message_id} ignores content-access groups, as before FL354",
    flips: "contentAccessEdit",
  },
  "fl354.messages.content-access-reactions": {
    clause: "fl354.messages.content-access-reactions",
    description: "reactions ignore content-access groups, as before FL354",
    flips: "contentAccessReactions",
  },
  "fl354.messages.content-access-submessage": {
    clause: "fl354.messages.content-access-submessage",
    description: "POST /submessage ignores content-access groups, as before FL354",
    flips: "contentAccessSubmessage",
  },
  "fl354.messages.content-access-edit-typing": {
    clause: "fl354.messages.content-access-edit-typing",
    description: "edit typing ignores content-access groups, as before FL354",
    flips: "contentAccessEditTyping",
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
  "fl153.messages.fetch-anchors": {
    clause: "fl153.messages.fetch-anchors",
    description: "GET /messages reports found_newest false at the end of history",
  },
} as const satisfies Record<string, Fault>;
