import { z } from "zod";
import type { ApiClient } from "../../src/client/client.ts";
import { eventOf, type EventCheck } from "../../src/client/events.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { User } from "../../src/schemas/user.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { createChannelRaw } from "./channels.ts";
import { deactivateBotLater, deactivateUserLater } from "./cleanup.ts";
import { systemGroupId, withRealmSettings } from "./realm.ts";

/** A user (or bot) a test created for itself, with a client acting as it. */
export interface FreshUser {
  id: number;
  email: string;
  apiKey: string;
  fullName: string;
  client: ApiClient;
}

export const ROLE = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;

/** The domain of the organization's emails (the administrator persona's). */
const domainOf = (t: TestContext) => t.persona("administrator").email.split("@")[1]!;

/**
 * A new account nobody else uses: POST /users as the administrator, its API key from POST /fetch_api_key, then
 * its role with PATCH /users/{user_id}; deactivated when the test ends. Prerequisites: a refusal blocks the test
 * (real servers need the can_create_users permission for POST /users).
 */
export async function freshUser(t: TestContext, label = "user", role: number = ROLE.member): Promise<FreshUser> {
  const admin = t.api("administrator");
  const email = `${t.unique(label)}@${domainOf(t)}`;
  const password = `Pw-${t.unique("secret")}`;
  const fullName = `Fresh ${label} ${t.unique("n").slice(-6)}`;
  const created = await t.must("create a user with POST /users", admin.post("/users", { email, password, full_name: fullName }));
  const id = created.user_id as number;
  deactivateUserLater(t, id, label);
  const key = await t.must("get the new user's API key with POST /fetch_api_key", t.api(null).post("/fetch_api_key", { username: email, password }));
  if (role !== ROLE.member) await t.must("set the new user's role with PATCH /users/{user_id}", admin.patch(`/users/${id}`, { role }));
  const apiKey = key.api_key as string;
  return { id, email, apiKey, fullName, client: t.api(null).as({ email, apiKey }) };
}

/**
 * A fresh guest with no subscriptions: real servers subscribe new users to the default channels, which would
 * give the guest access to their subscribers, so it leaves them (the reference server subscribes nobody).
 */
export async function freshGuest(t: TestContext, label = "guest"): Promise<FreshUser> {
  const g = await freshUser(t, label, ROLE.guest);
  const { body } = await t.register(g.client, { fetch_event_types: ["subscription"], event_types: ["heartbeat"] });
  const names = z
    .array(z.looseObject({ name: z.string() }))
    .parse(body.subscriptions ?? [])
    .map((s) => s.name);
  if (names.length) await t.must("unsubscribe the new guest from its initial channels", g.client.delete("/users/me/subscriptions", { subscriptions: names }));
  return g;
}

/** A new generic bot owned by the persona (POST /bots), deactivated when the test ends; its email from GET /users/{user_id}. */
export async function freshBot(t: TestContext, owner: PersonaRole = "member"): Promise<FreshUser> {
  const fullName = `Fresh bot ${t.unique("b").slice(-6)}`;
  const shortName = t.unique("bot").toLowerCase();
  const body = await t.must("create a bot with POST /bots", t.api(owner).post("/bots", { full_name: fullName, short_name: shortName }));
  const id = body.user_id as number;
  deactivateBotLater(t, id, owner);
  const apiKey = body.api_key as string;
  const user = await userAs(t, t.api(owner), id);
  return { id, email: user.email, apiKey, fullName, client: t.api(null).as({ email: user.email, apiKey }) };
}

/** GET /users/{user_id} as a prerequisite, validated. */
export async function userAs(t: TestContext, client: ApiClient, id: number): Promise<User> {
  const body = await t.must("read a user with GET /users/{user_id}", client.get(`/users/${id}`));
  return t.expect.schema(User, body.user, undefined, "GET /users/{user_id} user");
}

/** The ids of the users GET /users lists for the client. */
export async function listedIds(t: TestContext, client: ApiClient): Promise<Set<number>> {
  const res = await client.get("/users");
  const members = t.expect.schema(z.array(User), t.expect.success(res, "GET /users").members, res.exchange, "GET /users members");
  return new Set(members.map((m) => m.user_id));
}

/**
 * A marker on the realm_user stream of `user`'s queues: an administrator renames the user, and the update every
 * queue of that user receives comes after whatever was sent before (tests of what is *not* sent wait for it).
 */
export async function renameMarker(t: TestContext, user: { id: number }): Promise<EventCheck> {
  const name = `Marker ${t.unique("m").slice(-8)}`;
  await t.must("rename the user with PATCH /users/{user_id}", t.api("administrator").patch(`/users/${user.id}`, { full_name: name }));
  return eventOf(
    "realm_user",
    (e) => {
      const p = e.person as { user_id?: number; full_name?: string } | undefined;
      return p?.user_id === user.id && p.full_name === name ? null : "another update";
    },
    "update",
  );
}

/** A fresh channel the administrator creates with the given users subscribed (principals), archived when the test ends; its name. */
export async function channelWith(t: TestContext, userIds: number[], inviteOnly = false): Promise<string> {
  const { name, res } = createChannelRaw(t, "administrator", userIds, { invite_only: inviteOnly }, "people");
  await t.must("create a channel with principals", res);
  return name;
}

/** Subscribes more users to an existing channel, as the administrator. */
export async function addToChannel(t: TestContext, name: string, userIds: number[]): Promise<void> {
  await t.must("subscribe users with principals", t.api("administrator").post("/users/me/subscriptions", { subscriptions: [{ name }], principals: userIds }));
}

/**
 * Runs `fn` while users outside role:members cannot access every user (can_access_all_users_group_id =
 * role:members, so only guests are limited), or, with `restricted` false, while everyone can (role:everyone).
 * The old value comes back afterwards. Only suites/users/access.test.ts may call it: its tests run one at a time.
 */
export async function withUserAccess<T>(t: TestContext, restricted: boolean, fn: () => Promise<T>): Promise<T> {
  const group = await systemGroupId(t, restricted ? "role:members" : "role:everyone");
  return withRealmSettings(t, { can_access_all_users_group_id: group }, async (res) => {
    await t.given("set can_access_all_users_group_id", async () => t.expect.success(res, "PATCH /realm can_access_all_users_group_id"));
    return fn();
  });
}

/** POST /register for a fresh user's client with client capabilities (notification_settings_null is required with any). */
export function registerUser(t: TestContext, user: FreshUser, eventTypes: string[], capabilities: Record<string, boolean> = {}, fetch: string[] = []) {
  return t.register(user.client, {
    event_types: eventTypes,
    fetch_event_types: fetch,
    client_capabilities: { notification_settings_null: true, ...capabilities },
  });
}

/** The `person` of a realm_user event (or the `bot` of a realm_bot event), loosely typed. */
export function personOf(ev: Record<string, unknown>): { user_id?: number; full_name?: string; is_active?: boolean; [k: string]: unknown } {
  const p = ev.person ?? ev.bot;
  return p !== null && typeof p === "object" ? (p as { user_id?: number }) : {};
}

/** A check for a `type`/`op` event about user `userId` (realm_user `person`, realm_bot `bot`), with more conditions. */
export function aboutUser(
  type: "realm_user" | "realm_bot",
  op: string,
  userId: number,
  more: (p: ReturnType<typeof personOf>) => string | null = () => null,
): EventCheck {
  return eventOf(type, (ev) => (personOf(ev).user_id === userId ? more(personOf(ev)) : `about user ${String(personOf(ev).user_id)}`), op);
}
