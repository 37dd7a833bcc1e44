import type { Runtime } from "../runtime.ts";
import { MIB } from "../state/uploads.ts";

/** Every active user sees the organization's plan. */
function everyone(rt: Runtime): number[] {
  return [...rt.store.users.values()].filter((u) => u.isActive).map((u) => u.id);
}

/**
 * The organization's plan changed. From FL306 one standard `realm` `update_dict` event carries plan_type with the
 * limits that change with it (upload_quota_mib, and max_file_upload_size_mib, no longer a constant); before, a
 * `realm` `update` event for plan_type carried the quota in `extra_data.upload_quota` (bytes).
 */
export function publishPlanChange(rt: Runtime): void {
  const planType = rt.store.realm.planType;
  const quotaMib = rt.store.settings.get("upload_quota_mib") as number | null;
  if (rt.fl.has("planTypeUpdateDict")) {
    const data: Record<string, unknown> = { plan_type: planType, upload_quota_mib: quotaMib };
    if (rt.fl.has("uploadLimitsInUpdateDict")) data.max_file_upload_size_mib = rt.store.settings.get("max_file_upload_size_mib");
    rt.queues.publish("realm", everyone(rt), () => ({ type: "realm", op: "update_dict", property: "default", data }));
    return;
  }
  const extra = { upload_quota: quotaMib === null ? null : quotaMib * MIB };
  rt.queues.publish("realm", everyone(rt), () => ({ type: "realm", op: "update", property: "plan_type", value: planType, extra_data: extra }));
}
