import { tableFault } from "../faults/realm/permission-table.ts";
import type { Runtime } from "../runtime.ts";
import type { RealmSettingDef } from "../state/realm-settings.ts";
import type { SettingValue } from "../state/realm-values.ts";
import { realmSettingEvent, realmSettingWire } from "../wire/realm-setting.ts";

/** Every active user sees organization settings. */
function everyone(rt: Runtime): number[] {
  return [...rt.store.users.values()].filter((u) => u.isActive).map((u) => u.id);
}

/**
 * `realm` events for changed settings: `update` {property, value} one per setting, or one `update_dict`
 * {property: "default", data} for the settings whose table entry says so (wire §10).
 */
export function publishRealmChanges(rt: Runtime, changes: ReadonlyArray<{ def: RealmSettingDef; value: SettingValue }>): void {
  const users = everyone(rt);
  const dict: Record<string, SettingValue> = {};
  for (const { def, value: stored } of changes) {
    if (rt.faulty("fl153.realm.setting-change-events")) continue;
    const value = realmSettingWire(rt, def, stored);
    // (fault: a table setting sent as an update event of its own)
    if (realmSettingEvent(rt, def) === "update_dict" && !tableFault(rt, def, "-event")) dict[def.name] = value;
    else rt.queues.publish("realm", users, () => ({ type: "realm", op: "update", property: def.name, value, ...legacyExtraData(rt) }));
  }
  if (Object.keys(dict).length > 0) rt.queues.publish("realm", users, () => ({ type: "realm", op: "update_dict", property: "default", data: dict }));
}

/** FL306 dropped extra_data from realm update events; the reference server never sends it (a fault puts it back). */
function legacyExtraData(rt: Runtime): Record<string, unknown> {
  return rt.faulty("fl306.realm.update-no-extra-data") ? { extra_data: { upload_quota: rt.store.settings.get("upload_quota_mib") } } : {};
}

/** `realm` op `deactivated` {realm_id}: the organization was deactivated (sent before its API stops answering). */
export function publishRealmDeactivated(rt: Runtime, realmId: number): void {
  rt.queues.publish("realm", everyone(rt), () => ({ type: "realm", op: "deactivated", realm_id: realmId }));
}
