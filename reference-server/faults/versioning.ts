import type { Fault } from "./fault.ts";

/** Versioning: the feature level and version strings; each fault breaks one clause (see ../faults.ts). */
export const versioningFaults = {
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
