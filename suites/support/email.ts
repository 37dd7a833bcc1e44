import type { TestContext } from "../../src/expect/context.ts";
import { withRealmSettings } from "./realm.ts";
import type { FreshUser } from "./users.ts";

/** email_address_visibility codes (wire §12). */
export const VISIBILITY = { everyone: 1, members: 2, admins: 3, nobody: 4, moderators: 5 } as const;

/** The user's own email_address_visibility (PATCH /settings, FL163), as a prerequisite. */
export async function setVisibility(t: TestContext, user: FreshUser, value: number): Promise<void> {
  await t.must("set email_address_visibility with PATCH /settings", user.client.patch("/settings", { email_address_visibility: value }));
}

/**
 * Before FL163: the organization's email_address_visibility for the length of `fn` (PATCH /realm, restored after).
 * Only suites/users/email-visibility.test.ts may call it: its tests run one at a time.
 */
export async function withRealmVisibility<T>(t: TestContext, value: number, fn: () => Promise<T>): Promise<T> {
  return withRealmSettings(t, { email_address_visibility: value }, async (res) => {
    await t.given("set the organization's email_address_visibility", async () => t.expect.success(res));
    return fn();
  });
}

/**
 * The organization's default email_address_visibility for new users (FL163) for the length of `fn`, restored
 * after. `value` is the value, or chooses it from the current one (a test that waits for the change's event
 * needs a value other than the current one); `fn` is told the value set.
 */
export async function withDefaultVisibility<T>(t: TestContext, value: number | ((current: unknown) => number), fn: (set: number) => Promise<T>): Promise<T> {
  const admin = t.api("administrator");
  const { body } = await t.register("administrator", { fetch_event_types: ["realm_user_settings_defaults"], event_types: ["heartbeat"] });
  const old = (body.realm_user_settings_defaults as Record<string, unknown> | undefined)?.email_address_visibility;
  const set = typeof value === "number" ? value : value(old);
  await t.must("set the default email_address_visibility", admin.patch("/realm/user_settings_defaults", { email_address_visibility: set }));
  try {
    return await fn(set);
  } finally {
    if (typeof old === "number") {
      const res = await admin.patch("/realm/user_settings_defaults", { email_address_visibility: old });
      // Refused: tried again when the test ends, and listed among its leftovers if refused again.
      if (res.status !== 200)
        t.cleanup("default email_address_visibility put back", () => admin.patch("/realm/user_settings_defaults", { email_address_visibility: old }));
    }
  }
}

/** The realm host part of a dummy email user<ID>@<host>, or undefined when `email` is not one for that user. */
export function dummyHost(email: string, userId: number): string | undefined {
  const m = /^user(\d+)@(.+)$/i.exec(email);
  return m && Number(m[1]) === userId ? m[2] : undefined;
}

/** GET /users/{email} path, with the email percent-encoded. */
export const byEmailPath = (email: string) => `/users/${encodeURIComponent(email)}`;
