import { serializeExport } from "../wire/export.ts";
import type { Runtime } from "../runtime.ts";

/** `realm_export` (wire §10): every export record, to the administrators. */
export function publishRealmExports(rt: Runtime): void {
  const exports = [...rt.store.exports.byId.values()].map((e) => serializeExport(rt, e));
  rt.queues.publish("realm_export", rt.access.adminIds(), () => ({ type: "realm_export", exports }));
}

/** `realm_export_consent` (FL312): a user's consent to private-data export changed; to the administrators. */
export function publishExportConsent(rt: Runtime, userId: number, consented: boolean): void {
  if (!rt.fl.has("exportConsentEvent")) return;
  rt.queues.publish("realm_export_consent", rt.access.adminIds(), () => ({ type: "realm_export_consent", user_id: userId, consented }));
}
