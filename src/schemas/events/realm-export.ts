import { z } from "zod";
import { RealmExport } from "../realm-export.ts";

/** `realm_export` (wire §10, §17.2 #15): every export record of the organization. */
export const RealmExportEvent = z.looseObject({ id: z.number().int(), type: z.literal("realm_export"), exports: z.array(RealmExport) });
