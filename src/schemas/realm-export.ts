import { z } from "zod";

/** An organization data export (reference §7.9), in GET /export/realm and realm_export events; export_type FL304 (1 public, 2 standard). */
export const RealmExport = z.looseObject({
  id: z.number().int(),
  acting_user_id: z.number().int(),
  export_time: z.number(),
  deleted_timestamp: z.number().nullable(),
  failed_timestamp: z.number().nullable(),
  export_url: z.string().nullable(),
  pending: z.boolean(),
  export_type: z.number().int().optional(),
});
export type RealmExport = z.infer<typeof RealmExport>;

export const RealmExportsResponse = z.looseObject({ exports: z.array(RealmExport) });

/** GET /export/realm/consents (FL295). */
export const ExportConsentsResponse = z.looseObject({
  export_consents: z.array(z.looseObject({ user_id: z.number().int(), consented: z.boolean() })),
});
