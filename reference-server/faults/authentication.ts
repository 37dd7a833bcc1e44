import type { Fault } from "./fault.ts";

/** Authentication: each fault breaks one clause (see ../faults.ts). */
export const authenticationFaults = {
  "fl160.authentication.jwt-fetch-api-key": {
    clause: "fl160.authentication.jwt-fetch-api-key",
    description: "POST /api/v1/jwt/fetch_api_key does not exist, as before FL160",
    flips: "jwtFetchApiKey",
  },

  "fl153.authentication.invalid-credentials": {
    clause: "fl153.authentication.invalid-credentials",
    description: "a wrong API key is accepted when the email is right",
  },
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
} as const satisfies Record<string, Fault>;
