import type { Runtime } from "../runtime.ts";

/**
 * realm_push_notifications_enabled: whether a push bouncer is configured and, from FL231, whether it really
 * delivers for this organization (what the bouncer last answered).
 */
export function pushNotificationsEnabled(rt: Runtime): boolean {
  return rt.config.pushBouncerUrl !== null && (!rt.fl.has("pushEnabledReflectsBouncer") || rt.store.pushStatus.canPush);
}

/** realm_push_notifications_enabled_end_timestamp: when the bouncer expects to stop delivering, or null. */
export function pushNotificationsEndTimestamp(rt: Runtime): number | null {
  return rt.config.pushBouncerUrl !== null && rt.fl.has("pushEnabledReflectsBouncer") ? rt.store.pushStatus.endTimestamp : null;
}
