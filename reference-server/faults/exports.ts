import type { Fault } from "./fault.ts";

/** Organization exports and export consents: each fault breaks one clause (see ../faults.ts). */
export const exportsFaults = {
  "fl182.exports.create-returns-id": {
    clause: "fl182.exports.create-returns-id",
    description: "POST /export/realm returns no id, as before FL182",
    flips: "exportCreateReturnsId",
  },
  "fl304.exports.export-type-param": {
    clause: "fl304.exports.export-type-param",
    description: "POST /export/realm ignores export_type (every export is public), as before FL304",
    flips: "exportTypeParam",
  },
  "fl304.exports.export-type-field": {
    clause: "fl304.exports.export-type-field",
    description: "export records in GET /export/realm and realm_export events lack export_type, as before FL304",
    flips: "exportTypeField",
  },
  "fl295.exports.consents-endpoint": {
    clause: "fl295.exports.consents-endpoint",
    description: "GET /export/realm/consents does not exist, as before FL295",
    flips: "exportConsentsEndpoint",
  },
  "fl312.exports.consent-event": {
    clause: "fl312.exports.consent-event",
    description: "no realm_export_consent event when a user changes allow_private_data_export, as before FL312",
    flips: "exportConsentEvent",
  },
} as const satisfies Record<string, Fault>;
