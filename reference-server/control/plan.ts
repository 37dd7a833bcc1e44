import { publishPlanChange } from "../events/realm-plan.ts";
import type { Runtime } from "../runtime.ts";

export interface PlanChange {
  planType: number;
  /** The new plan's upload quota in MiB (null: none); omitted: unchanged. */
  uploadQuotaMib?: number | null;
  /** The new plan's largest upload in MiB; omitted: unchanged. Before FL306 it is a constant the plan does not touch. */
  maxFileUploadSizeMib?: number;
}

/** The organization moves to another plan (billing, which no API of the spec does); clients learn it from one event. */
export function changePlan(rt: Runtime, change: PlanChange): void {
  rt.store.realm.planType = change.planType;
  if (change.uploadQuotaMib !== undefined) rt.store.settings.set("upload_quota_mib", change.uploadQuotaMib);
  if (change.maxFileUploadSizeMib !== undefined && rt.fl.has("uploadLimitsInUpdateDict"))
    rt.store.settings.set("max_file_upload_size_mib", change.maxFileUploadSizeMib);
  publishPlanChange(rt);
}
