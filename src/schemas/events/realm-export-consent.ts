import { z } from "zod";

/** `realm_export_consent` (FL312): a user's consent to private-data export changed. */
export const RealmExportConsentEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("realm_export_consent"),
  user_id: z.number().int(),
  consented: z.boolean(),
});
