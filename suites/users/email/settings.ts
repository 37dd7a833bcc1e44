import { eventOf } from "../../../src/client/events.ts";
import type { Suite } from "../../../src/expect/suite.ts";
import type { TestContext } from "../../../src/expect/context.ts";
import { UserSettingUpdateEvent } from "../../../src/schemas/events/user-settings.ts";
import { VISIBILITY, withDefaultVisibility } from "../../support/email.ts";
import { realmState } from "../../support/realm.ts";
import { freshUser, registerUser, type FreshUser } from "../../support/users.ts";
import { ignoredOf } from "../../support/ignored.ts";

const NAME = "email_address_visibility";

/** The user's register user_settings, as a prerequisite. */
async function userSettings(t: TestContext, user: FreshUser): Promise<Record<string, unknown>> {
  const { body } = await registerUser(t, user, ["heartbeat"], {}, ["user_settings"]);
  return (t.expect.present(body, "user_settings") ?? {}) as Record<string, unknown>;
}

const settingEvent = (type: string, value: number) =>
  eventOf(type, (e) => (e.property === NAME && e.value === value ? null : `property ${String(e.property)} value ${String(e.value)}`), "update");

/** email_address_visibility as a user setting (FL163) and no longer a realm setting; the settings endpoints' envelopes. */
export function settingsTests({ behaviour }: Suite): void {
  behaviour(
    "fl163.settings.email-address-visibility",
    "email_address_visibility is a user setting: PATCH /settings, a user_settings event, register user_settings",
    { id: "fl163.settings.email-address-visibility#email-address-visibility-is-a-user-setting-patch-settings-a-user-settings-event-register-user-settings" },
    async (t) => {
      const u = await freshUser(t, "private");
      const initial = (await userSettings(t, u))[NAME];
      t.expect.ok((Object.values(VISIBILITY) as unknown[]).includes(initial), `user_settings.${NAME} to be one of 1–5`, initial);
      const { queue } = await registerUser(t, u, ["user_settings"]);
      // A new user starts with the organization's default: the change must be to something else.
      const value = initial === VISIBILITY.nobody ? VISIBILITY.admins : VISIBILITY.nobody;
      const res = await u.client.patch("/settings", { [NAME]: value });
      t.expect.ok(!ignoredOf(t.expect.success(res)).includes(NAME), `${NAME} to be read, not ignored`, res.json, res.exchange);
      t.expect.schema(UserSettingUpdateEvent, (await queue.until([settingEvent("user_settings", value)]))[0]);
      t.expect.equal((await userSettings(t, u))[NAME], value, `register user_settings.${NAME} after PATCH /settings`);
    },
  );

  behaviour(
    "fl163.settings.email-address-visibility",
    "PATCH /realm/user_settings_defaults sets the email_address_visibility new users start with",
    { id: "fl163.settings.email-address-visibility#patch-realm-user-settings-defaults-sets-the-email-address-visibility-new-users-start-with" },
    async (t) => {
      const { queue } = await t.register("member", { event_types: ["realm_user_settings_defaults"] });
      // Moderators, unless the default is that already (a run that did not finish): the change must change something.
      const other = (current: unknown) => (current === VISIBILITY.moderators ? VISIBILITY.admins : VISIBILITY.moderators);
      await withDefaultVisibility(t, other, async (value) => {
        t.expect.schema(UserSettingUpdateEvent, (await queue.until([settingEvent("realm_user_settings_defaults", value)]))[0]);
        const { body } = await t.register("member", { fetch_event_types: ["realm_user_settings_defaults"], event_types: ["heartbeat"] });
        t.expect.equal((body.realm_user_settings_defaults as Record<string, unknown> | undefined)?.[NAME], value, `realm_user_settings_defaults.${NAME}`);
        t.expect.equal((await userSettings(t, await freshUser(t, "newcomer")))[NAME], value, `a new user's ${NAME}`);
      });
    },
  );

  behaviour(
    "fl163.settings.email-address-visibility",
    "before FL163 email_address_visibility is no user setting",
    { id: "fl163.settings.email-address-visibility#before-fl163-email-address-visibility-is-no-user-setting", gate: "before" },
    async (t) => {
      const u = await freshUser(t, "private");
      const res = await u.client.patch("/settings", { [NAME]: VISIBILITY.nobody });
      t.expect.ok(ignoredOf(t.expect.success(res)).includes(NAME), `${NAME} in PATCH /settings ignored_parameters_unsupported`, res.json, res.exchange);
      const defaults = await t.api("administrator").patch("/realm/user_settings_defaults", { [NAME]: VISIBILITY.nobody });
      t.expect.ok(
        ignoredOf(t.expect.success(defaults)).includes(NAME),
        `${NAME} in the defaults' ignored_parameters_unsupported`,
        defaults.json,
        defaults.exchange,
      );
      t.expect.absent(await userSettings(t, u), NAME);
    },
  );

  behaviour(
    "fl163.realm.email-address-visibility-removed",
    "email_address_visibility is gone from register and PATCH /realm",
    { id: "fl163.realm.email-address-visibility-removed#email-address-visibility-is-gone-from-register-and-patch-realm" },
    async (t) => {
      t.expect.absent(await realmState(t), `realm_${NAME}`);
      const res = await t.api("owner").patch("/realm", { [NAME]: VISIBILITY.everyone });
      // PATCH /realm lists ignored parameters only from FL167; before, the setting simply stays out of register.
      const ignored = t.expect.success(res).ignored_parameters_unsupported as string[] | undefined;
      if (ignored !== undefined) t.expect.ok(ignored.includes(NAME), `${NAME} in PATCH /realm ignored_parameters_unsupported`, ignored, res.exchange);
      t.expect.absent(await realmState(t), `realm_${NAME}`);
    },
  );

  behaviour(
    "fl163.realm.email-address-visibility-removed",
    "before FL163 email_address_visibility is a realm setting of register and PATCH /realm",
    { id: "fl163.realm.email-address-visibility-removed#before-fl163-email-address-visibility-is-a-realm-setting-of-register-and-patch-realm", gate: "before" },
    async (t) => {
      const current = t.expect.present(await realmState(t), `realm_${NAME}`);
      t.expect.ok(typeof current === "number", `realm_${NAME} to be an integer`, current);
      const res = await t.api("owner").patch("/realm", { [NAME]: current as number });
      t.expect.ok(!ignoredOf(t.expect.success(res)).includes(NAME), `${NAME} to be read by PATCH /realm`, res.json, res.exchange);
    },
  );

  behaviour(
    "fl78.settings.ignored-parameters-unsupported",
    "PATCH /settings lists a parameter it does not know in ignored_parameters_unsupported",
    { id: "fl78.settings.ignored-parameters-unsupported#patch-settings-lists-a-parameter-it-does-not-know-in-ignored-parameters-unsupported" },
    async (t) => {
      const u = await freshUser(t, "settings");
      const res = await u.client.patch("/settings", { conformance_bogus: 1 });
      t.expect.ok(
        ignoredOf(t.expect.success(res)).includes("conformance_bogus"),
        "conformance_bogus in ignored_parameters_unsupported",
        res.json,
        res.exchange,
      );
    },
  );

  behaviour(
    "fl96.settings.defaults-ignored-parameters-unsupported",
    "PATCH /realm/user_settings_defaults lists a parameter it does not know in ignored_parameters_unsupported",
    {
      id: "fl96.settings.defaults-ignored-parameters-unsupported#patch-realm-user-settings-defaults-lists-a-parameter-it-does-not-know-in-ignored-parameters-unsupported",
    },
    async (t) => {
      const res = await t.api("administrator").patch("/realm/user_settings_defaults", { conformance_bogus: 1 });
      t.expect.ok(
        ignoredOf(t.expect.success(res)).includes("conformance_bogus"),
        "conformance_bogus in ignored_parameters_unsupported",
        res.json,
        res.exchange,
      );
    },
  );
}
