import type { Fault } from "./fault.ts";

/** The server: its settings, the API's routes, parameters and responses; each fault breaks one clause (see ../faults.ts). */
export const serverFaults = {
  "fl257.server.realm-url": {
    clause: "fl257.server.realm-url",
    description: "GET /server_settings and POST /register act as before FL257: no realm_url",
    flips: "realmUrlField",
  },
  "fl167.server.ignored-parameters-unsupported": {
    clause: "fl167.server.ignored-parameters-unsupported",
    description: "success responses never list ignored parameters",
    flips: "ignoredParametersEverywhere",
  },
  "fl153.server.missing-parameter": {
    clause: "fl153.server.missing-parameter",
    description: "a missing required parameter answers BAD_REQUEST instead of REQUEST_VARIABLE_MISSING",
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
} as const satisfies Record<string, Fault>;
