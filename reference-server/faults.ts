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
  // --- messages: flags, unreads, topics, read receipts ---
  // --- messages: reactions, submessages, typing, scheduled messages, empty topic ---
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
} as const satisfies Record<string, Fault>;

export type FaultId = keyof typeof faults;
export const FAULT_IDS = Object.keys(faults) as FaultId[];

export function isFaultId(id: string): id is FaultId {
  return Object.hasOwn(faults, id);
}
