import type { Runtime } from "../runtime.ts";
import type { RealmSettingDef } from "../state/realm-settings.ts";
import type { SettingValue } from "../state/realm-values.ts";

/**
 * A realm setting's value as the server sends it (register realm_<name>, realm events): the stored value, or under
 * `--product zulip` the real server's string for an enum code that has one.
 */
export function realmSettingWire(rt: Runtime, def: RealmSettingDef, value: SettingValue): SettingValue {
  if (rt.config.product !== "zulip" || def.zulipCodes === undefined || typeof value !== "number") return value;
  return def.zulipCodes[value] ?? value;
}

/** The realm event kind a change of the setting arrives as: the table's, or under `--product zulip` the real server's. */
export function realmSettingEvent(rt: Runtime, def: RealmSettingDef): "update" | "update_dict" {
  return rt.config.product === "zulip" && def.zulipEvent !== undefined ? def.zulipEvent : def.event;
}
