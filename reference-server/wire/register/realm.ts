import { tableFault } from "../../faults/realm/permission-table.ts";
import type { Runtime } from "../../runtime.ts";
import { REALM_SETTINGS } from "../../state/realm-settings.ts";
import { settingActive } from "../../state/realm-values.ts";
import { realmServerFields } from "../realm-server-fields.ts";
import { realmSettingWire } from "../realm-setting.ts";
import { zulipProductHas } from "../../zulip-levels.ts";

/** Policy codes that best approximate a system group, as a superset of who really holds the permission. */
const POLICY_FOR_GROUP: Record<string, number> = {
  "role:members": 1,
  "role:administrators": 2,
  "role:owners": 2,
  "role:fullmembers": 3,
  "role:moderators": 4,
  "role:everyone": 1,
  "role:nobody": 2,
};

function approximatePolicy(rt: Runtime, setting: string, map: Record<string, number> = POLICY_FOR_GROUP): number {
  const v = rt.store.settings.get(setting);
  const name = typeof v === "number" ? rt.store.groups.byId.get(v)?.name : undefined;
  return (name !== undefined ? map[name] : undefined) ?? 1;
}

/** user_group_edit_policy codes from the broadest (1 members ⊇ 3 full members ⊇ 4 moderators ⊇ 2 administrators). */
const EDIT_POLICY_BREADTH = [1, 3, 4, 2];
/** The policy that covers both (a superset of who may create groups and of who may manage all groups). */
function broaderPolicy(a: number, b: number): number {
  return EDIT_POLICY_BREADTH.indexOf(a) <= EDIT_POLICY_BREADTH.indexOf(b) ? a : b;
}

/**
 * The realm_ settings of POST /register, from the one settings table, plus the deprecated fields register keeps
 * after PATCH /realm and the events dropped them: each a superset approximating the real permission.
 */
export function realmSettingsSection(rt: Runtime): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // The server's own settings (setBy "server") have register fields of their own shape: api/uploads/limits.ts.
  for (const def of REALM_SETTINGS) {
    if (settingActive(def, rt.fl) && def.setBy !== "server" && !tableFault(rt, def, "-register"))
      out[`realm_${def.name}`] = realmSettingWire(rt, def, rt.store.settings.get(def.name));
  }
  if (rt.faulty("fl153.register.realm-prefix")) {
    out.name = out.realm_name;
    delete out.realm_name;
  }
  // Before FL195 an unset default code-block language was null.
  if (!rt.fl.has("defaultCodeBlockLanguageEmpty") && out.realm_default_code_block_language === "") out.realm_default_code_block_language = null;
  Object.assign(out, realmServerFields(rt));
  const { fl } = rt;
  if (fl.has("canCreatePublicChannelGroup")) out.realm_create_public_stream_policy = approximatePolicy(rt, "can_create_public_channel_group");
  if (fl.has("canCreatePrivateChannelGroup")) out.realm_create_private_stream_policy = approximatePolicy(rt, "can_create_private_channel_group");
  if (fl.has("canCreateWebPublicChannelGroup")) {
    out.realm_create_web_public_stream_policy = approximatePolicy(rt, "can_create_web_public_channel_group", {
      "role:administrators": 2,
      "role:moderators": 4,
      "role:nobody": 6,
      "role:owners": 7,
    });
  }
  // Faults of the deprecated channel-creation policies.
  if (rt.faulty("fl264.register.create-public-stream-policy-deprecated")) delete out.realm_create_public_stream_policy;
  if (rt.faulty("fl266.register.create-private-stream-policy-deprecated")) delete out.realm_create_private_stream_policy;
  if (rt.faulty("fl280.register.create-web-public-stream-policy-deprecated")) delete out.realm_create_web_public_stream_policy;
  if (fl.has("canMentionManyUsersGroup") && !rt.faulty("fl352.register.wildcard-mention-policy-deprecated")) {
    out.realm_wildcard_mention_policy = approximatePolicy(rt, "can_mention_many_users_group", {
      "role:everyone": 1,
      "role:members": 2,
      "role:fullmembers": 3,
      "role:administrators": 5,
      "role:nobody": 6,
      "role:moderators": 7,
    });
  }
  const editPolicyGone = zulipProductHas(rt, "userGroupEditPolicyGone");
  if (fl.has("canCreateGroups") && !editPolicyGone && !rt.faulty("fl299.register.user-group-edit-policy-deprecated"))
    out.user_group_edit_policy = broaderPolicy(approximatePolicy(rt, "can_create_groups"), approximatePolicy(rt, "can_manage_all_groups"));
  // message_edit_history_visibility_policy: 1 All, 2 Moves only, 3 None (the catalog's ruling); only None is false.
  if (fl.has("allowEditHistoryDeprecated")) out.realm_allow_edit_history = rt.store.settings.get("message_edit_history_visibility_policy") !== 3;
  return out;
}
