import { z } from "zod";
import { defineSuite } from "../../src/expect/suite.ts";
import { idPart } from "../../src/expect/id-part.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { AuthenticationMethod, SupportedPermissionSettings, ThumbnailFormat } from "../../src/schemas/realm-server-fields.ts";
import { realmState } from "../support/realm.ts";

/**
 * Fields of the register response's realm section that no PATCH /realm changes: server constants, permission
 * settings' configuration, authentication methods. Read-only: nothing here changes the server.
 */

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator"] });

/** A field added at a level: present with the right shape from it, absent before it. */
interface Row {
  clause: string;
  level: number;
  fields: string[];
  shape: z.ZodType;
}

const intOrNull = z.number().int().nullable();

const ROWS: Row[] = [
  { clause: "fl273.register.server-thumbnail-formats", level: 273, fields: ["server_thumbnail_formats"], shape: z.array(ThumbnailFormat).min(1) },
  { clause: "fl338.register.password-max-length", level: 338, fields: ["password_max_length"], shape: z.number().int().positive() },
  {
    clause: "fl332.register.realm-deletion-days-bounds",
    level: 332,
    fields: ["server_min_deactivated_realm_deletion_days", "server_max_deactivated_realm_deletion_days"],
    shape: intOrNull,
  },
  {
    clause: "fl231.register.push-notifications-enabled-end-timestamp",
    level: 231,
    fields: ["realm_push_notifications_enabled_end_timestamp"],
    shape: intOrNull,
  },
  { clause: "fl212.register.server-meet-server-url", level: 212, fields: ["server_meet_server_url"], shape: z.string().nullable() },
  {
    clause: "fl221.register.server-supported-permission-settings",
    level: 221,
    fields: ["server_supported_permission_settings"],
    shape: SupportedPermissionSettings,
  },
];

for (const r of ROWS) {
  behaviour(
    r.clause,
    `POST /register has ${r.fields.join(" and ")}`,
    { id: `${r.clause}#post-register-has-${idPart(r.fields.join(" and "))}`, mutates: false },
    async (t) => {
      const state = await realmState(t);
      for (const f of r.fields) t.expect.schema(r.shape, t.expect.present(state, f), undefined, f);
    },
  );

  behaviour(
    r.clause,
    `before FL${r.level} POST /register has no ${r.fields.join(" or ")}`,
    { id: `${r.clause}#before-fl${r.level}-post-register-has-no-${idPart(r.fields.join(" or "))}`, mutates: false, gate: "before" as const },
    async (t) => {
      const state = await realmState(t);
      for (const f of r.fields) t.expect.absent(state, f);
    },
  );
}

behaviour(
  "fl338.register.password-max-length",
  "password_max_length is at least password_min_length",
  { id: "fl338.register.password-max-length#password-max-length-is-at-least-password-min-length", mutates: false },
  async (t) => {
    const state = await realmState(t);
    const max = t.expect.schema(z.number().int(), t.expect.present(state, "password_max_length"), undefined, "password_max_length");
    if (typeof state.password_min_length === "number")
      t.expect.ok(max >= state.password_min_length, `at least password_min_length (${state.password_min_length})`, max);
  },
);

behaviour(
  "fl332.register.realm-deletion-days-bounds",
  "the deletion-days bounds are ordered when both are set",
  { id: "fl332.register.realm-deletion-days-bounds#the-deletion-days-bounds-are-ordered-when-both-are-set", mutates: false },
  async (t) => {
    const state = await realmState(t);
    const min = t.expect.schema(intOrNull, t.expect.present(state, "server_min_deactivated_realm_deletion_days"));
    const max = t.expect.schema(intOrNull, t.expect.present(state, "server_max_deactivated_realm_deletion_days"));
    if (min !== null && max !== null) t.expect.ok(min <= max, `minimum ${min} ≤ maximum`, max);
  },
);

behaviour(
  "fl231.register.push-notifications-enabled-end-timestamp",
  "realm_push_notifications_enabled_end_timestamp sits beside realm_push_notifications_enabled",
  {
    id: "fl231.register.push-notifications-enabled-end-timestamp#realm-push-notifications-enabled-end-timestamp-sits-beside-realm-push-notifications-enabled",
    mutates: false,
  },
  async (t) => {
    const state = await realmState(t);
    t.expect.schema(z.boolean(), t.expect.present(state, "realm_push_notifications_enabled"), undefined, "realm_push_notifications_enabled");
    t.expect.present(state, "realm_push_notifications_enabled_end_timestamp");
  },
);

// --- organization settings under realm_ names ---

behaviour(
  "fl153.register.realm-prefix",
  "organization settings come as realm_name and realm_description, not un-prefixed",
  { id: "fl153.register.realm-prefix#organization-settings-come-as-realm-name-and-realm-description-not-un-prefixed", mutates: false },
  async (t) => {
    const state = await realmState(t);
    for (const name of ["name", "description"]) {
      t.expect.schema(z.string(), t.expect.present(state, `realm_${name}`), undefined, `realm_${name}`);
      t.expect.absent(state, name);
    }
  },
);

// --- server_supported_permission_settings: allowed_system_groups (FL225), two fields removed (FL326) ---

async function permissionConfigs(t: TestContext): Promise<Array<Record<string, unknown>>> {
  const settings = t.expect.schema(SupportedPermissionSettings, t.expect.present(await realmState(t), "server_supported_permission_settings"));
  return [settings.realm, settings.stream, settings.group].flatMap((group) => Object.values(group));
}

behaviour(
  ["fl225.register.permission-settings-allowed-system-groups", "fl221.register.server-supported-permission-settings"],
  "each permission setting's configuration has allowed_system_groups from FL225, not before",
  {
    id: "fl225.register.permission-settings-allowed-system-groups#each-permission-setting-s-configuration-has-allowed-system-groups-from-fl225-not-before",
    mutates: false,
    gate: "always",
  },
  async (t) => {
    if (!t.fl.atLeast(221)) return t.expect.absent(await realmState(t), "server_supported_permission_settings");
    const configs = await permissionConfigs(t);
    t.expect.ok(configs.length > 0, "at least one permission setting", configs);
    for (const c of configs) {
      if (t.fl.atLeast(225)) t.expect.schema(z.array(z.string()), t.expect.present(c, "allowed_system_groups"), undefined, "allowed_system_groups");
      else t.expect.absent(c, "allowed_system_groups");
    }
  },
);

behaviour(
  ["fl326.register.permission-settings-fields-removed", "fl221.register.server-supported-permission-settings"],
  "configurations lose allow_owners_group and id_field_name at FL326",
  { id: "fl326.register.permission-settings-fields-removed#configurations-lose-allow-owners-group-and-id-field-name-at-fl326", mutates: false, gate: "always" },
  async (t) => {
    if (!t.fl.atLeast(221)) return t.expect.absent(await realmState(t), "server_supported_permission_settings");
    const configs = await permissionConfigs(t);
    t.expect.ok(configs.length > 0, "at least one permission setting", configs);
    for (const c of configs) {
      for (const f of ["allow_owners_group", "id_field_name"]) {
        if (t.fl.atLeast(326)) t.expect.absent(c, f);
        else t.expect.present(c, f);
      }
    }
  },
);

// --- realm_authentication_methods: booleans, then dictionaries (FL243) ---

behaviour(
  "fl153.realm.authentication-methods-booleans",
  "before FL243 realm_authentication_methods maps each method to a boolean",
  { id: "fl153.realm.authentication-methods-booleans#before-fl243-realm-authentication-methods-maps-each-method-to-a-boolean", mutates: false },
  async (t) => {
    t.expect.schema(
      z.record(z.string(), z.boolean()),
      t.expect.present(await realmState(t), "realm_authentication_methods"),
      undefined,
      "realm_authentication_methods",
    );
  },
);

behaviour(
  "fl243.realm.authentication-methods-dicts",
  "realm_authentication_methods maps each method to a dictionary",
  { id: "fl243.realm.authentication-methods-dicts#realm-authentication-methods-maps-each-method-to-a-dictionary", mutates: false },
  async (t) => {
    const methods = t.expect.schema(
      z.record(z.string(), AuthenticationMethod),
      t.expect.present(await realmState(t), "realm_authentication_methods"),
      undefined,
      "realm_authentication_methods",
    );
    t.expect.ok(Object.keys(methods).length > 0, "at least one authentication method", methods);
  },
);

behaviour(
  "fl243.realm.authentication-method-fields",
  "each method has enabled and available, and unavailable_reason when unavailable",
  { id: "fl243.realm.authentication-method-fields#each-method-has-enabled-and-available-and-unavailable-reason-when-unavailable", mutates: false },
  async (t) => {
    const methods = t.expect.schema(
      z.record(z.string(), AuthenticationMethod),
      t.expect.present(await realmState(t), "realm_authentication_methods"),
      undefined,
      "realm_authentication_methods",
    );
    for (const [name, m] of Object.entries(methods)) {
      if (!m.available) t.expect.ok(typeof m.unavailable_reason === "string", `${name}: unavailable_reason to be a string when available is false`, m);
      else t.expect.ok(m.unavailable_reason === undefined, `${name}: no unavailable_reason when available`, m);
    }
  },
);
