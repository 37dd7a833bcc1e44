import type { Fault } from "./fault.ts";

/** Realm settings: each fault breaks one clause (see ../faults.ts). */
export const realmFaults = {
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
