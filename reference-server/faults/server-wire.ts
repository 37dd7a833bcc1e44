import type { Fault } from "./fault.ts";

/** Server, register, events and the wire: each fault breaks one clause (see ../faults.ts). */
export const serverWireFaults = {
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
} as const satisfies Record<string, Fault>;
