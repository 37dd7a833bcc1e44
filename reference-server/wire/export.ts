import type { Runtime } from "../runtime.ts";
import type { RealmExport } from "../state/exports.ts";

/** An export record (reference §7.9), in GET /export/realm and realm_export events; export_type from FL304. */
export function serializeExport(rt: Runtime, e: RealmExport): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: e.id,
    acting_user_id: e.actingUserId,
    export_time: e.exportTime,
    deleted_timestamp: e.deletedTimestamp,
    failed_timestamp: e.failedTimestamp,
    export_url: e.exportUrl,
    pending: e.pending,
  };
  if (rt.fl.has("exportTypeField")) out.export_type = e.exportType;
  return out;
}
