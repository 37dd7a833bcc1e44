import { eventOf } from "../../src/client/events.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { UserSettingUpdateEvent } from "../../src/schemas/events/user-settings.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { registerUser, type FreshUser } from "../support/users.ts";
import { ignoredOf } from "../support/ignored.ts";

/** A user setting under test: its name and a value other than the default real servers and the reference give. */
export interface SettingCase {
  name: string;
  /** A valid value that differs from the organization's initial default. */
  value: boolean | number;
  /** Another valid value, for a number setting that already holds `value` (a boolean's is its negation). */
  other?: number;
}

/**
 * The value to set: `value`, or another valid one where the setting already holds it (a default changed by an
 * earlier run that did not finish): setting what is already there would change nothing and send no event.
 */
export function besides(c: SettingCase, current: unknown): boolean | number {
  if (current !== c.value) return c.value;
  return typeof c.value === "boolean" ? !c.value : (c.other ?? c.value);
}

export const FOLLOWED_TOPIC_SETTINGS: readonly SettingCase[] = [
  { name: "enable_followed_topic_email_notifications", value: false },
  { name: "enable_followed_topic_push_notifications", value: false },
  { name: "enable_followed_topic_wildcard_mentions_notify", value: false },
  { name: "enable_followed_topic_desktop_notifications", value: false },
  { name: "enable_followed_topic_audible_notifications", value: false },
];

/** automatically_*_policy: 4 is "never", a valid value that is neither setting's default. */
export const AUTOMATIC_POLICY_SETTINGS: readonly SettingCase[] = [
  { name: "automatically_follow_topics_policy", value: 4, other: 1 },
  { name: "automatically_unmute_topics_in_muted_streams_policy", value: 4, other: 1 },
];

/** The fresh user's register user_settings, as a prerequisite. */
export async function userSettingsOf(t: TestContext, user: FreshUser): Promise<Record<string, unknown>> {
  const { body } = await registerUser(t, user, ["heartbeat"], {}, ["user_settings"]);
  return (t.expect.present(body, "user_settings") ?? {}) as Record<string, unknown>;
}

/**
 * A persona as the user whose settings a test changes: the state invariant watches the test's first persona, and
 * user_settings events reach only the user whose settings changed. What `cases` name is put back when the test ends.
 */
export async function personaActor(t: TestContext, role: PersonaRole, cases: readonly SettingCase[]): Promise<FreshUser> {
  const p = t.persona(role);
  const client = t.api(role);
  // The personas file gives no full name; the settings helpers read only the client.
  const actor: FreshUser = { id: p.userId, email: p.email, apiKey: p.apiKey, fullName: role, client };
  const initial = await userSettingsOf(t, actor);
  const back = Object.fromEntries(cases.filter((c) => initial[c.name] !== undefined).map((c) => [c.name, initial[c.name] as boolean | number]));
  if (Object.keys(back).length) t.cleanup(`${role}'s settings ${Object.keys(back).join(", ")}`, () => client.patch("/settings", back));
  return actor;
}

/** The organization's register realm_user_settings_defaults. */
export async function defaultsOf(t: TestContext): Promise<Record<string, unknown>> {
  const { body } = await t.register("member", { fetch_event_types: ["realm_user_settings_defaults"], event_types: ["heartbeat"] });
  return (t.expect.present(body, "realm_user_settings_defaults") ?? {}) as Record<string, unknown>;
}

const typeOk = (c: SettingCase, v: unknown) => typeof v === typeof c.value && (typeof v !== "number" || Number.isInteger(v));

/**
 * The settings are user settings: register user_settings has each (of the value's type); PATCH /settings reads
 * them (not in ignored_parameters_unsupported), sends a user_settings update event for each, and register shows
 * the new values. Each gets a value other than the one the user starts with (the organization's default).
 */
export async function expectUserSettings(t: TestContext, user: FreshUser, cases: readonly SettingCase[]): Promise<void> {
  const initial = await userSettingsOf(t, user);
  for (const c of cases) t.expect.ok(typeOk(c, initial[c.name]), `user_settings.${c.name} to be a ${typeof c.value}`, initial[c.name]);
  const values = new Map(cases.map((c) => [c.name, besides(c, initial[c.name])]));
  const { queue } = await registerUser(t, user, ["user_settings"]);
  const res = await user.client.patch("/settings", Object.fromEntries(values));
  const ignored = ignoredOf(t.expect.success(res, "PATCH /settings"));
  for (const c of cases) t.expect.ok(!ignored.includes(c.name), `${c.name} to be read by PATCH /settings, not ignored`, ignored, res.exchange);
  const events = await queue.until(
    cases.map((c) =>
      eventOf("user_settings", (e) => (e.property === c.name && e.value === values.get(c.name) ? null : `property ${String(e.property)}`), "update"),
    ),
  );
  for (const e of events) t.expect.schema(UserSettingUpdateEvent, e);
  const after = await userSettingsOf(t, user);
  for (const c of cases) t.expect.equal(after[c.name], values.get(c.name), `register user_settings.${c.name} after PATCH /settings`);
}

/** Before the settings existed: PATCH /settings ignores them and register leaves them out. */
export async function expectNoUserSettings(t: TestContext, user: FreshUser, cases: readonly SettingCase[]): Promise<void> {
  const res = await user.client.patch("/settings", Object.fromEntries(cases.map((c) => [c.name, c.value])));
  const ignored = ignoredOf(t.expect.success(res, "PATCH /settings"));
  for (const c of cases) t.expect.ok(ignored.includes(c.name), `${c.name} in PATCH /settings ignored_parameters_unsupported`, ignored, res.exchange);
  const settings = await userSettingsOf(t, user);
  for (const c of cases) t.expect.absent(settings, c.name);
}
