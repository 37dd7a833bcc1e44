import type { Fault } from "./fault.ts";

/** Authentication: each fault breaks one clause (see ../faults.ts). */
export const authenticationFaults = {
  "fl160.authentication.jwt-fetch-api-key": {
    clause: "fl160.authentication.jwt-fetch-api-key",
    description: "POST /api/v1/jwt/fetch_api_key does not exist, as before FL160",
    flips: "jwtFetchApiKey",
  },
} as const satisfies Record<string, Fault>;
