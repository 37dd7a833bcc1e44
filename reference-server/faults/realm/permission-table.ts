import { levels } from "../../levels.ts";
import { REALM_SETTINGS, type RealmSettingDef } from "../../state/realm-settings.ts";
import type { Fault } from "../fault.ts";

/**
 * The realm permission-setting table's clause families, one generated fault per clause (see ../faults.ts), from the
 * one settings table (state/realm-settings.ts), as suites/realm/permission-settings.test.ts tests them from its rows:
 * for each group setting `fl<N>.realm.<setting>` (PATCH /realm reads it), `…-register` (register returns
 * realm_<setting>) and `…-event` (a change arrives as realm update_dict); for each policy a group setting replaced,
 * `fl<N>.realm.<policy>-removed` (PATCH /realm no longer reads it). Handlers check them with `tableFault`.
 */
export type RealmTableFaultId = `fl${number}.realm.${string}`;

/** A family, as the suffix of its clause ids ("" for PATCH /realm accepting the setting itself). */
export type TableFamily = "" | "-register" | "-event" | "-removed";

const slug = (name: string) => name.replace(/_/g, "-");

/** The table's group settings (group-setting values and group ids), each under the level switch that added it. */
const GROUP_SETTINGS = REALM_SETTINGS.filter((d) => d.kind.type === "gsv" || d.kind.type === "group-id");
const GROUP_SWITCHES = new Set(GROUP_SETTINGS.map((d) => d.since));

/** Each clause by `<setting name><family>`, with the fault that breaks it. */
const byFamily = new Map<string, { id: RealmTableFaultId; description: string }>();

for (const def of GROUP_SETTINGS) {
  if (def.since === undefined) throw new Error(`realm group setting ${def.name} has no level switch`);
  const base = `fl${levels[def.since].since}.realm.${slug(def.name)}` as const;
  byFamily.set(def.name, { id: base, description: `PATCH /realm does not read ${def.name}: it comes back in ignored_parameters_unsupported` });
  byFamily.set(`${def.name}-register`, { id: `${base}-register`, description: `POST /register leaves out realm_${def.name}` });
  byFamily.set(`${def.name}-event`, { id: `${base}-event`, description: `a change of ${def.name} arrives as a realm update event, not update_dict` });
}
for (const def of REALM_SETTINGS) {
  if (def.removedBy === undefined || !GROUP_SWITCHES.has(def.removedBy)) continue;
  const level = levels[def.removedBy].since;
  byFamily.set(`${def.name}-removed`, {
    id: `fl${level}.realm.${slug(def.name)}-removed`,
    description: `PATCH /realm still reads ${def.name} after FL${level} replaced it`,
  });
}

export const realmTableFaults: Readonly<Record<RealmTableFaultId, Fault>> = Object.fromEntries(
  [...byFamily.values()].map(({ id, description }) => [id, { clause: id, description }]),
);

/** Whether the fault of `def`'s clause of `family` is on (false for a setting without that clause). */
export function tableFault(rt: { faulty(id: RealmTableFaultId): boolean }, def: RealmSettingDef, family: TableFamily): boolean {
  const clause = byFamily.get(`${def.name}${family}`);
  return clause !== undefined && rt.faulty(clause.id);
}
