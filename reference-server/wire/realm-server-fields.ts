import type { Runtime } from "../runtime.ts";
import { realName } from "../../facts/names.ts";
import { REALM_SETTINGS } from "../state/realm-settings.ts";
import { settingActive } from "../state/realm-values.ts";
import { pushNotificationsEnabled, pushNotificationsEndTimestamp } from "./push-status.ts";

/** The server's bounds on deletion_delay_days of POST /realm/deactivate (wire §8.4: 14, and no maximum). */
export const DELETION_DAYS: { readonly min: number | null; readonly max: number | null } = { min: 14, max: null };

export const PASSWORD_LENGTH = { min: 6, max: 100 };

/**
 * The organization's authentication methods: password login by email is on; the development backend is off;
 * LDAP is not available to the organization (the one unavailable method, so clients see the reason's shape).
 */
const AUTH_METHODS: ReadonlyArray<{ name: string; enabled: boolean; unavailableReason?: string }> = [
  { name: "Email", enabled: true },
  { name: "Dev", enabled: true },
  { name: "LDAP", enabled: false, unavailableReason: "LDAP authentication is not configured on this server." },
];

/** realm_authentication_methods: booleans before FL243, then one dictionary per method (wire §13). */
function authenticationMethods(rt: Runtime): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of AUTH_METHODS) {
    if (!rt.fl.has("authenticationMethodDicts")) {
      out[m.name] = m.enabled;
      continue;
    }
    const available = m.unavailableReason === undefined;
    const dict: Record<string, unknown> = { enabled: m.enabled, available };
    if (!available && !rt.faulty("fl243.realm.authentication-method-fields")) dict.unavailable_reason = m.unavailableReason;
    out[m.name] = dict;
  }
  return out;
}

/** Which system groups a realm permission setting may hold (real servers: any for these settings). */
const ALLOWED_SYSTEM_GROUPS = ["role:everyone", "role:members", "role:fullmembers", "role:moderators", "role:administrators", "role:owners", "role:nobody"];

/** One configuration object of server_supported_permission_settings, as the emulated level shapes it. */
function permissionConfig(rt: Runtime, name: string, defaultGroup: string): Record<string, unknown> {
  const out: Record<string, unknown> = {
    require_system_group: false,
    allow_internet_group: false,
    allow_nobody_group: true,
    allow_everyone_group: true,
    default_group_name: defaultGroup,
    default_for_system_groups: null,
  };
  if (!rt.fl.has("permissionSettingsFieldsRemoved") || rt.faulty("fl326.register.permission-settings-fields-removed")) {
    out.allow_owners_group = true;
    // The old id-valued field's name; under `--product zulip` named from the real setting's name (the spec's
    // can_access_all_users_group_id already ends in _id).
    out.id_field_name = `${rt.config.product === "zulip" ? realName(name) : name}_id`;
  }
  if (rt.fl.has("permissionSettingsAllowedSystemGroups")) out.allowed_system_groups = ALLOWED_SYSTEM_GROUPS;
  return out;
}

/** server_supported_permission_settings (FL221): the realm's group settings of the table, and those of channels and groups. */
function supportedPermissionSettings(rt: Runtime): Record<string, unknown> {
  const realm: Record<string, unknown> = {};
  for (const def of REALM_SETTINGS) {
    if ((def.kind.type !== "gsv" && def.kind.type !== "group-id") || !settingActive(def, rt.fl)) continue;
    const d = def.default;
    realm[def.name] = permissionConfig(rt, def.name, d !== null && typeof d === "object" ? d.group : "role:nobody");
  }
  return {
    realm,
    stream: { can_remove_subscribers_group: permissionConfig(rt, "can_remove_subscribers_group", "role:administrators") },
    group: {
      can_mention_group: {
        ...permissionConfig(rt, "can_mention_group", "role:everyone"),
        // `--product zulip`: system groups cannot be mentioned (wire/group-zulip-settings.ts).
        ...(rt.config.product === "zulip" ? { default_for_system_groups: "role:nobody" } : {}),
      },
    },
  };
}

/** The image sizes uploads are thumbnailed into (FL273). */
const THUMBNAIL_FORMATS = [
  { name: "840x560.webp", max_width: 840, max_height: 560, format: "webp", animated: false },
  { name: "840x560-anim.webp", max_width: 840, max_height: 560, format: "webp", animated: true },
];

/**
 * The realm section's server constants and realm facts that are not PATCH /realm settings: authentication
 * methods, permission-setting configuration, thumbnails, password constants, deletion bounds,
 * push notifications and the server's meeting URL, each from the level that added it.
 */
export function realmServerFields(rt: Runtime): Record<string, unknown> {
  const { fl } = rt;
  const out: Record<string, unknown> = {
    realm_authentication_methods: authenticationMethods(rt),
    password_min_length: PASSWORD_LENGTH.min,
    realm_push_notifications_enabled: pushNotificationsEnabled(rt),
  };
  if (fl.has("serverSupportedPermissionSettings")) out.server_supported_permission_settings = supportedPermissionSettings(rt);
  if (fl.has("serverThumbnailFormats")) out.server_thumbnail_formats = THUMBNAIL_FORMATS;
  if (fl.has("passwordMaxLength")) out.password_max_length = PASSWORD_LENGTH.max;
  if (fl.has("realmDeletionDaysBounds")) {
    out.server_min_deactivated_realm_deletion_days = DELETION_DAYS.min;
    out.server_max_deactivated_realm_deletion_days = DELETION_DAYS.max;
  }
  if (fl.has("pushNotificationsEndTimestamp")) out.realm_push_notifications_enabled_end_timestamp = pushNotificationsEndTimestamp(rt);
  if (fl.has("serverMeetServerUrl")) out.server_meet_server_url = "https://meet.jit.si";
  return out;
}
