import { z } from "zod";
import { publishUserSetting, publishUserSettingDefault } from "../../events/user-settings.ts";
import { badRequest, mustBeAdministrator } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { publishEmailViewChanges, publishUserUpdate, realEmailViewers } from "../../events/realm-user.ts";
import { checkFullName } from "../users/full-name.ts";
import { isTimeZoneName, LANGUAGES } from "../../state/user-setting-choices.ts";
import { publishExportConsent } from "../../events/realm-export.ts";
import {
  enumValues,
  USER_SETTINGS,
  userSettingActive,
  userSettingDefaultWritable,
  type UserSettingDef,
  type UserSettingValue,
} from "../../state/user-settings.ts";

/** One setting's new value from the request, validated by its kind; undefined when absent. */
function readValue(ctx: RequestContext, def: UserSettingDef): UserSettingValue | undefined {
  // Most requests name one or two of the many settings: the absent ones cost nothing (no schema is built).
  if (!ctx.params.has(def.name)) return undefined;
  const k = def.kind;
  switch (k.type) {
    case "bool":
      return ctx.params.optBool(def.name);
    case "enum": {
      const v = ctx.params.optJson(def.name, z.number().int());
      if (v !== undefined && !enumValues(k, ctx.rt.fl).includes(v)) throw badRequest(`Invalid ${def.name}`);
      return v;
    }
    case "int": {
      const v = ctx.params.optInt(def.name);
      if (v !== undefined && ((k.min !== undefined && v < k.min) || (k.max !== undefined && v > k.max)))
        throw badRequest(k.invalid?.(v) ?? `Invalid ${def.name}`);
      return v;
    }
    case "choice": {
      const v = ctx.params.optStr(def.name);
      if (v !== undefined && !k.values.includes(v)) throw badRequest(k.invalid?.(v) ?? `Invalid ${def.name}`);
      return v;
    }
    case "timezone": {
      const v = ctx.params.optStr(def.name);
      if (v !== undefined && !isTimeZoneName(v)) throw badRequest(`Invalid ${def.name}`);
      return v;
    }
    case "string": {
      const v = ctx.params.optStr(def.name);
      if (v !== undefined && [...v].length > k.maxLength) throw badRequest(`${def.name} is too long (limit: ${k.maxLength} characters)`);
      return v;
    }
  }
}

/** The settings of USER_SETTINGS that exist at the emulated level, sent with a value other than `current`. */
function changes(ctx: RequestContext, current: (name: string) => UserSettingValue, defaults = false): Array<{ name: string; value: UserSettingValue }> {
  const out: Array<{ name: string; value: UserSettingValue }> = [];
  for (const def of USER_SETTINGS) {
    if (!(defaults ? userSettingDefaultWritable(def, ctx.rt.fl) : userSettingActive(def, ctx.rt.fl))) continue;
    const value = readValue(ctx, def);
    if (value !== undefined && value !== current(def.name)) out.push({ name: def.name, value });
  }
  return out;
}

/**
 * PATCH /settings: the requester's own settings, a `user_settings` update event for each change, and the
 * requester's own full_name (everyone's realm_user update). Every value is checked before any is applied.
 */
function updateSettings(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (rt.faulty("fl78.settings.ignored-parameters-unsupported")) for (const name of ctx.params.names()) ctx.params.optStr(name);
  const fullName = checkFullName(ctx.params.optStr("full_name"));
  const changed = changes(ctx, (n) => rt.store.userSettings.get(user.id, n));
  if (fullName !== undefined && fullName !== user.fullName) {
    user.fullName = fullName;
    publishUserUpdate(rt, user, { full_name: fullName });
  }
  for (const { name, value } of changed) {
    const sawEmail = name === "email_address_visibility" ? realEmailViewers(rt, user) : undefined;
    rt.store.userSettings.set(user.id, name, value);
    if (sawEmail) publishEmailViewChanges(rt, user, sawEmail);
    publishUserSetting(rt, user.id, name, value, name === "default_language" ? LANGUAGES[String(value)] : undefined);
    if (name === "timezone") {
      // The other users' clients show each user's local time from the user object.
      user.timezone = String(value);
      publishUserUpdate(rt, user, { timezone: user.timezone });
    }
    if (name === "allow_private_data_export") publishExportConsent(rt, user.id, value === true);
    if (name === "enable_drafts_synchronization" && value === false) rt.store.drafts.clear(user.id);
  }
  return {};
}

/** PATCH /realm/user_settings_defaults: administrators set the defaults new users start from. */
function updateDefaults(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (!rt.access.canAdministerUsers(user)) throw mustBeAdministrator();
  if (rt.faulty("fl96.settings.defaults-ignored-parameters-unsupported")) for (const name of ctx.params.names()) ctx.params.optStr(name);
  for (const { name, value } of changes(ctx, (n) => rt.store.userSettings.getDefault(n), true)) {
    rt.store.userSettings.setDefault(name, value);
    publishUserSettingDefault(rt, name, value);
  }
  return {};
}

/** Both endpoints listed unsupported parameters long before FL167 (FL78, FL96). */
export const routes: Route[] = [
  authed("PATCH", "/settings", updateSettings, { reportsIgnoredSince: 78 }),
  authed("PATCH", "/realm/user_settings_defaults", updateDefaults, { reportsIgnoredSince: 96 }),
];
