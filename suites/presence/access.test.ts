import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { UnverifiableError } from "../../src/expect/failure.ts";
import type { AnyEvent } from "../../src/schemas/events/envelope.ts";
import { PresenceEvent } from "../../src/schemas/events/presence.ts";
import { UserStatusEvent } from "../../src/schemas/events/user-status.ts";
import { LegacyPresences } from "../../src/schemas/presence.ts";
import { eventsThrough } from "../support/events.ts";
import { channelWith, freshGuest, freshUser, registerUser, withUserAccess, type FreshUser } from "../support/users.ts";
import { becomeActive, holdsByEmail } from "./support.ts";

/**
 * Presence and user status follow user access (FL228): a guest outside can_access_all_users_group_id (FL225)
 * learns only about users it can access. Isolated: it restricts the organization's user access while it runs.
 * Presence rules depend on the server setting CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE, which the API cannot
 * read: the target must declare it (the reference server does).
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "owner"], isolated: true });

/** A restricted guest, a stranger it cannot access, and a channel-mate it can. */
async function cast(t: TestContext): Promise<{ g: FreshUser; stranger: FreshUser; mate: FreshUser }> {
  const [g, stranger, mate] = [await freshGuest(t), await freshUser(t, "stranger"), await freshUser(t, "channel-mate")];
  await channelWith(t, [g.id, mate.id]);
  return { g, stranger, mate };
}

/**
 * The presence rules under test apply only where presence follows user access, a server setting no API reads: a
 * target that does not declare it on cannot be tested for them.
 */
const presenceLimited = async (t: TestContext): Promise<void> => {
  const declared = t.target.serverConfig?.canAccessAllUsersGroupLimitsPresence;
  if (declared === true) return;
  throw new UnverifiableError({
    reason: `presence follows user access only with the server setting CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE on, and the target declares it ${declared === false ? "off" : "nowhere"}`,
    remedy: "turn CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE on and set serverConfig.canAccessAllUsersGroupLimitsPresence to true in the personas file",
  });
};

/** GET /realm/presence as the guest, validated. */
async function realmPresence(t: TestContext, g: FreshUser): Promise<Record<string, unknown>> {
  const res = await g.client.get("/realm/presence");
  return t.expect.schema(LegacyPresences, t.expect.success(res, "GET /realm/presence").presences, res.exchange, "GET /realm/presence presences");
}

const about = (type: string, userId: number) => eventOf(type, (e) => (e.user_id === userId ? null : `about user ${String(e.user_id)}`));
const count = (events: AnyEvent[], type: string, userId: number) => events.filter((e) => e.type === type && e.user_id === userId).length;

/** What the guest's queue of `type` events holds after the stranger, then the channel-mate (the marker), act. */
async function heard(
  t: TestContext,
  type: string,
  c: { g: FreshUser; stranger: FreshUser; mate: FreshUser },
  act: (u: FreshUser) => Promise<void>,
): Promise<AnyEvent[]> {
  const { queue } = await registerUser(t, c.g, [type]);
  await act(c.stranger);
  await act(c.mate);
  return eventsThrough(queue, about(type, c.mate.id));
}

const setStatus = (t: TestContext) => async (u: FreshUser) => {
  await t.must("set a status with POST /users/me/status", u.client.post("/users/me/status", { status_text: `busy ${t.unique("s").slice(-6)}` }));
};

behaviour(
  "fl228.presence.realm-presence-accessible-only",
  "GET /realm/presence gives a restricted guest only the users it can access",
  { id: "fl228.presence.realm-presence-accessible-only#get-realm-presence-gives-a-restricted-guest-only-the-users-it-can-access" },
  async (t) => {
    await presenceLimited(t);
    const c = await cast(t);
    await becomeActive(t, c.stranger);
    await becomeActive(t, c.mate);
    await withUserAccess(t, true, async () => {
      const presences = await realmPresence(t, c.g);
      t.expect.ok(holdsByEmail(presences, c.mate), `the presence of the channel-mate ${c.mate.id}`, Object.keys(presences));
      t.expect.ok(!holdsByEmail(presences, c.stranger), `no presence of user ${c.stranger.id}, whom the guest cannot access`, Object.keys(presences));
    });
  },
);

behaviour(
  "fl228.presence.realm-presence-accessible-only",
  "before FL228 GET /realm/presence gives a guest every user's presence",
  { id: "fl228.presence.realm-presence-accessible-only#before-fl228-get-realm-presence-gives-a-guest-every-user-s-presence", gate: "before" },
  async (t) => {
    const c = await cast(t);
    await becomeActive(t, c.stranger);
    await withUserAccess(t, true, async () => {
      const presences = await realmPresence(t, c.g);
      t.expect.ok(holdsByEmail(presences, c.stranger), `the presence of user ${c.stranger.id}`, Object.keys(presences));
    });
  },
);

behaviour(
  "fl228.presence.event-accessible-only",
  "a restricted guest gets presence events only about users it can access",
  { id: "fl228.presence.event-accessible-only#a-restricted-guest-gets-presence-events-only-about-users-it-can-access" },
  async (t) => {
    await presenceLimited(t);
    const c = await cast(t);
    await withUserAccess(t, true, async () => {
      const events = await heard(t, "presence", c, (u) => becomeActive(t, u));
      t.expect.schema(z.array(PresenceEvent), events, undefined, "presence events");
      t.expect.equal(count(events, "presence", c.stranger.id), 0, `presence events about user ${c.stranger.id}, whom the guest cannot access`);
    });
  },
);

behaviour(
  "fl228.presence.event-accessible-only",
  "before FL228 a guest gets presence events about every user",
  { id: "fl228.presence.event-accessible-only#before-fl228-a-guest-gets-presence-events-about-every-user", gate: "before" },
  async (t) => {
    const c = await cast(t);
    await withUserAccess(t, true, async () => {
      const events = await heard(t, "presence", c, (u) => becomeActive(t, u));
      t.expect.ok(count(events, "presence", c.stranger.id) > 0, `a presence event about user ${c.stranger.id}`, events);
    });
  },
);

behaviour(
  "fl228.presence.user-status-event-access",
  "a restricted guest gets user_status events only about users it can access",
  { id: "fl228.presence.user-status-event-access#a-restricted-guest-gets-user-status-events-only-about-users-it-can-access" },
  async (t) => {
    const c = await cast(t);
    await withUserAccess(t, true, async () => {
      const events = await heard(t, "user_status", c, setStatus(t));
      t.expect.schema(z.array(UserStatusEvent), events, undefined, "user_status events");
      t.expect.equal(count(events, "user_status", c.stranger.id), 0, `user_status events about user ${c.stranger.id}, whom the guest cannot access`);
    });
  },
);

behaviour(
  "fl228.presence.user-status-event-access",
  "before FL228 a guest gets user_status events about every user",
  { id: "fl228.presence.user-status-event-access#before-fl228-a-guest-gets-user-status-events-about-every-user", gate: "before" },
  async (t) => {
    const c = await cast(t);
    await withUserAccess(t, true, async () => {
      const events = await heard(t, "user_status", c, setStatus(t));
      t.expect.ok(count(events, "user_status", c.stranger.id) > 0, `a user_status event about user ${c.stranger.id}`, events);
    });
  },
);
