import type { GroupSettingValue } from "./group-setting-value.ts";
import type { FeatureLevel } from "../levels.ts";
import type { Groups } from "./groups.ts";
import { REALM_SETTINGS, type RealmSettingDef } from "./realm-settings.ts";

export type SettingValue = boolean | number | string | null | GroupSettingValue;

/** Whether a setting exists at the emulated level (added by `since`, taken away by `removedBy`). */
export function settingActive(def: RealmSettingDef, fl: FeatureLevel): boolean {
  return (def.since === undefined || fl.has(def.since)) && (def.removedBy === undefined || !fl.has(def.removedBy));
}

/** The organization's current setting values, one per definition of REALM_SETTINGS. */
export class RealmValues {
  private readonly values = new Map<string, SettingValue>();

  constructor(groups: Groups) {
    for (const def of REALM_SETTINGS) {
      const d = def.default;
      this.values.set(def.name, d !== null && typeof d === "object" ? groups.system(d.group).id : d);
    }
  }

  get(name: string): SettingValue {
    if (!this.values.has(name)) throw new Error(`unknown realm setting ${name}`);
    return this.values.get(name)!;
  }

  set(name: string, value: SettingValue): void {
    this.values.set(name, value);
  }
}
