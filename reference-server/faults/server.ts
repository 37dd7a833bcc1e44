import type { Fault } from "./fault.ts";

/** Server, register, events and the wire: each fault breaks one clause (see ../faults.ts). */
export const serverFaults = {
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
  // Floor-level wire clauses (authentication, errors, events, register, server, versioning).
  "fl153.authentication.basic-auth": {
    clause: "fl153.authentication.basic-auth",
    description: "the Basic credentials are decoded as api_key:email, so a correct email:api_key gets 401",
  },
  "fl153.authentication.api-key-header": {
    clause: "fl153.authentication.api-key-header",
    description: "the Authorization header is never read, so every authenticated request gets 401",
  },
  "fl153.authentication.missing-credentials": {
    clause: "fl153.authentication.missing-credentials",
    description: "a request without an Authorization header gets 400 BAD_REQUEST instead of 401",
  },
  "fl153.errors.error-envelope": {
    clause: "fl153.errors.error-envelope",
    description: "error responses carry result and msg but no code",
  },
  "fl153.errors.forbidden-action": {
    clause: "fl153.errors.forbidden-action",
    description: "PATCH /realm skips the administrator check, so a member renames the organization",
  },
  "fl153.events.register-queue": {
    clause: "fl153.events.register-queue",
    description: "POST /register leaves out last_event_id",
  },
  "fl153.events.long-poll": {
    clause: "fl153.events.long-poll",
    description: "a long-poll woken by a new event answers with no events; the event comes only with the next poll",
  },
  "fl153.events.dont-block": {
    clause: "fl153.events.dont-block",
    description: "GET /events ignores dont_block and waits for an event or the heartbeat",
  },
  "fl153.events.heartbeat": {
    clause: "fl153.events.heartbeat",
    description: "an idle long-poll ends with an empty events list instead of a heartbeat event",
  },
  "fl153.events.delete-queue": {
    clause: "fl153.events.delete-queue",
    description: "DELETE /events answers success but leaves the queue in place",
  },
  "fl153.events.envelope": {
    clause: "fl153.events.envelope",
    description: "GET /events sends event ids as strings",
  },
  "fl153.events.event-types-filter": {
    clause: "fl153.events.event-types-filter",
    description: "POST /register ignores event_types: the queue gets events of every type",
  },
  "fl153.events.state-consistency": {
    clause: "fl153.events.state-consistency",
    description: "POST /register's max_message_id counts channel messages only, so a direct message's event leaves the client ahead of a fresh register",
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
  "fl257.server.realm-uri-alias": {
    clause: "fl257.server.realm-uri-alias",
    description: "GET /server_settings drops the deprecated realm_uri once it sends realm_url",
  },
  "fl153.server.json-response": {
    clause: "fl153.server.json-response",
    description: "success responses are labelled Content-Type text/html",
  },
  "fl153.server.api-v1-prefix": {
    clause: "fl153.server.api-v1-prefix",
    description: "the routes are mounted under /api instead of /api/v1 (server_settings alone answers at both), so /api/v1/users/me answers 404",
  },
  "fl153.server.server-settings-no-auth": {
    clause: "fl153.server.server-settings-no-auth",
    description: "without credentials GET /server_settings tells only the version; authentication_methods and the realm need credentials",
  },
  "fl153.server.unknown-route": {
    clause: "fl153.server.unknown-route",
    description: "an unknown path under /api/v1 falls through to a catch-all that answers 200 success",
  },
  "fl153.server.method-not-allowed": {
    clause: "fl153.server.method-not-allowed",
    description: "a known path with a method it does not serve answers 404 instead of 405",
  },
  "fl153.server.malformed-parameter": {
    clause: "fl153.server.malformed-parameter",
    description: "a boolean parameter other than true reads as false instead of being rejected",
  },
  "fl153.server.confusing-parameters": {
    clause: "fl153.server.confusing-parameters",
    description: "a parameter sent under both its name and its alias: the name wins silently instead of REQUEST_CONFUSING_VAR",
  },
  "fl153.server.parameter-encoding": {
    clause: "fl153.server.parameter-encoding",
    description: "DELETE requests read only the query string, not the form body",
  },
  "fl153.versioning.feature-level-in-server-settings": {
    clause: "fl153.versioning.feature-level-in-server-settings",
    description: "GET /server_settings sends chat_feature_level as a string",
  },
  "fl153.versioning.feature-level-in-register": {
    clause: "fl153.versioning.feature-level-in-register",
    description: "POST /register leaves out chat_feature_level",
  },
  "fl153.versioning.feature-level-consistent": {
    clause: "fl153.versioning.feature-level-consistent",
    description: "POST /register reports a feature level one below the one GET /server_settings reports",
  },
} as const satisfies Record<string, Fault>;
