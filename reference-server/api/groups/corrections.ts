import { normalize, withoutMember } from "../../access/group-settings.ts";
import type { GroupSettingValue } from "../../state/group-setting-value.ts";
import { publishRealmChanges } from "../../events/realm.ts";
import { publishGroupUpdate } from "../../events/user-group.ts";
import type { Runtime } from "../../runtime.ts";
import { REALM_SETTINGS, settingKind, type RealmSettingDef } from "../../state/realm-settings.ts";
import { settingActive, type SettingValue } from "../../state/realm-values.ts";
import type { User } from "../../state/types.ts";

/**
 * After a user's deactivation (FL303): group-setting values never list deactivated users, so the user leaves the
 * direct_members of the organization's settings and of every group's settings; realm update_dict and user_group
 * update events carry the corrected values.
 */
export function dropFromSettingValues(rt: Runtime, user: User): void {
  if (!rt.fl.has("settingValuesDropDeactivatedUsers")) return;
  const announce = rt.fl.has("deactivationPermissionCorrections");
  const changes: Array<{ def: RealmSettingDef; value: SettingValue }> = [];
  for (const def of REALM_SETTINGS) {
    if (settingKind(rt, def).type !== "gsv" || !settingActive(def, rt.fl)) continue;
    const next = withoutMember(rt.store.settings.get(def.name) as GroupSettingValue, user.id);
    if (next === undefined) continue;
    const value = normalize(rt.store, next);
    rt.store.settings.set(def.name, value);
    changes.push({ def, value });
  }
  if (announce && changes.length) publishRealmChanges(rt, changes);
  for (const group of rt.store.groups.byId.values()) {
    const next = withoutMember(group.canAddMembers, user.id);
    if (next === undefined) continue;
    group.canAddMembers = normalize(rt.store, next);
    if (announce && rt.fl.has("canAddMembersGroup")) publishGroupUpdate(rt, group, { can_add_members_group: group.canAddMembers });
  }
}
