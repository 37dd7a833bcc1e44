import { z } from "zod";
import { checkValue, GroupSettingUpdateSchema, normalize, sameValue } from "../../access/group-settings.ts";
import type { GroupSettingValue } from "../../state/group-setting-value.ts";
import { publishRealmChanges } from "../../events/realm.ts";
import { tableFault } from "../../faults/realm/permission-table.ts";
import { badRequest, systemGroupRequired, mustBeAdministrator, mustBeOwner, settingExpectationMismatch } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { REALM_SETTINGS, settingKind, type RealmSettingDef } from "../../state/realm-settings.ts";
import { settingActive, type SettingValue } from "../../state/realm-values.ts";

/** `--product zulip`: an enum a real server takes as its string ("all"), read back to the code it stands for. */
function zulipCode(ctx: RequestContext, def: RealmSettingDef, codes: Readonly<Record<number, string>>): number | undefined {
  const raw = ctx.params.optStr(def.name);
  if (raw === undefined) return undefined;
  const found = Object.entries(codes).find(([, name]) => name === raw);
  if (found === undefined) throw badRequest(`Invalid ${def.name}`);
  return Number(found[0]);
}

/** Reads one setting's new value from the request, validated by its kind; undefined when absent. */
function readValue(ctx: RequestContext, def: RealmSettingDef): SettingValue | undefined {
  const { params, rt } = ctx;
  // Most requests name one or two of the many settings: the absent ones cost nothing (no schema is built).
  if (!ctx.params.has(def.name)) return undefined;
  const k = settingKind(rt, def);
  switch (k.type) {
    case "bool":
      return params.optBool(def.name);
    case "int":
      return params.optJson(def.name, k.nullable ? z.number().int().min(k.min).max(k.max).nullable() : z.number().int().min(k.min).max(k.max));
    case "string": {
      const raw = params.optStr(def.name);
      if (raw === undefined) return undefined;
      if ([...raw].length > k.maxLength) throw badRequest(`${def.name} is too long (limit: ${k.maxLength} characters)`);
      return k.nullable && raw === "" ? null : raw;
    }
    case "enum": {
      const v =
        def.zulipCodes !== undefined && rt.config.product === "zulip" ? zulipCode(ctx, def, def.zulipCodes) : params.optJson(def.name, z.number().int());
      if (v === undefined) return undefined;
      const gate = k.later?.[v];
      if (!k.values.includes(v) || (gate !== undefined && !rt.fl.has(gate))) throw badRequest(`Invalid ${def.name}`);
      return v;
    }
    case "channel-id": {
      const v = params.optJson(def.name, z.number().int());
      if (v !== undefined && v !== -1 && !rt.store.channels.has(v)) throw badRequest(`Invalid channel ID ${v} for ${def.name}`);
      return v;
    }
    case "group-id": {
      const v = params.optJson(def.name, GroupSettingUpdateSchema);
      if (v === undefined) return undefined;
      const value = typeof v === "object" && "new" in v ? v.new : v;
      if (typeof value !== "number") throw badRequest(`${def.name} must be a user group ID`);
      checkValue(rt.store, def.name, value);
      return value;
    }
    case "gsv": {
      const v = params.optJson(def.name, GroupSettingUpdateSchema);
      if (v === undefined) return undefined;
      const update = typeof v === "object" && "new" in v ? v : { new: v as GroupSettingValue };
      checkValue(rt.store, def.name, update.new);
      const current = rt.store.settings.get(def.name) as GroupSettingValue;
      if (update.old !== undefined && !sameValue(normalize(rt.store, update.old), current) && !rt.faulty("fl153.realm.group-setting-value-encoding")) {
        throw settingExpectationMismatch();
      }
      // Fault: anonymous groups lose their direct members.
      if (rt.faulty("fl153.realm.group-setting-value-shape") && typeof update.new === "object")
        return normalize(rt.store, { ...update.new, direct_members: [] });
      const value = normalize(rt.store, update.new);
      // Before FL309 anonymous and user-defined groups were for development servers only: production wants a system group.
      if (!rt.fl.has("anonymousGroupValues") && (typeof value !== "number" || !rt.store.groups.byId.get(value)?.isSystem)) throw systemGroupRequired(def.name);
      return value;
    }
  }
}

/**
 * PATCH /realm: administrators change organization settings (owners alone the owner-only ones). Settings that do
 * not exist at the emulated level are not read, so they come back in ignored_parameters_unsupported.
 */
function updateRealm(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (!rt.access.hasAdminRights(user) && !rt.faulty("fl153.errors.forbidden-action")) throw mustBeAdministrator();
  const changes: Array<{ def: RealmSettingDef; value: SettingValue }> = [];
  for (const def of REALM_SETTINGS) {
    if (!settingActive(def, rt.fl) && !tableFault(rt, def, "-removed")) continue;
    if (def.setBy === "server" || tableFault(rt, def, "")) continue;
    const value = readValue(ctx, def);
    if (value === undefined) continue;
    if (def.ownerOnly && !rt.access.hasOwnerRights(user)) throw mustBeOwner();
    if (JSON.stringify(rt.store.settings.get(def.name)) !== JSON.stringify(value)) changes.push({ def, value });
  }
  for (const { def, value } of changes) rt.store.settings.set(def.name, value);
  publishRealmChanges(rt, changes);
  return {};
}

export const routes: Route[] = [authed("PATCH", "/realm", updateRealm)];
