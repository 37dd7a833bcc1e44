import type { Suite } from "../../../src/expect/suite.ts";
import type { TestContext } from "../../../src/expect/context.ts";
import { RealmUserAddEvent, RealmUserRemoveEvent } from "../../../src/schemas/events/realm-user.ts";
import type { AnyEvent } from "../../../src/schemas/events/envelope.ts";
import { eventsThrough } from "../../support/events.ts";
import { ownWatcher } from "../../support/watch.ts";
import { addToChannel, channelWith, freshGuest, freshUser, personOf, registerUser, renameMarker, withUserAccess, type FreshUser } from "../../support/users.ts";

/** realm_user events about `userId` among `events`, by op. */
const about = (events: AnyEvent[], userId: number, op: string) =>
  events.filter((e) => e.type === "realm_user" && e.op === op && personOf(e).user_id === userId);

/** Everything G's queue receives through a marker (G renamed) after `act`. */
async function afterActing(t: TestContext, g: FreshUser, act: () => Promise<void>): Promise<AnyEvent[]> {
  const { queue } = await registerUser(t, g, ["realm_user"]);
  await act();
  return eventsThrough(queue, await renameMarker(t, g));
}

const leave = async (t: TestContext, u: FreshUser, channel: string) => {
  await t.must("unsubscribe the guest with DELETE /users/me/subscriptions", u.client.delete("/users/me/subscriptions", { subscriptions: [channel] }));
};

const rename = (t: TestContext, u: FreshUser) =>
  t.must("rename a user with PATCH /users/{user_id}", t.api("administrator").patch(`/users/${u.id}`, { full_name: `Renamed ${t.unique("r").slice(-6)}` }));

/** realm_user events and access (FL228, FL303): who hears about users, and add/remove when access changes. */
export function accessEventTests({ behaviour }: Suite): void {
  behaviour(
    "fl228.users.update-event-access",
    "a restricted guest gets realm_user updates only about users it can access",
    { id: "fl228.users.update-event-access#a-restricted-guest-gets-realm-user-updates-only-about-users-it-can-access" },
    async (t) => {
      const [g, x, y] = [await freshGuest(t), await freshUser(t, "stranger"), await freshUser(t, "channel-mate")];
      await channelWith(t, [g.id, y.id]);
      await withUserAccess(t, true, async () => {
        const seen = await afterActing(t, g, async () => {
          await rename(t, x);
          await rename(t, y);
        });
        t.expect.equal(about(seen, x.id, "update").length, 0, `realm_user updates about user ${x.id}, whom the guest cannot access`);
        t.expect.ok(about(seen, y.id, "update").length > 0, `a realm_user update about the channel-mate ${y.id}`, seen);
      });
    },
  );

  behaviour(
    "fl228.users.update-event-access",
    "before FL228 a guest gets realm_user updates about every user",
    { id: "fl228.users.update-event-access#before-fl228-a-guest-gets-realm-user-updates-about-every-user", gate: "before" },
    async (t) => {
      const [g, x] = [await freshGuest(t), await freshUser(t, "stranger")];
      await withUserAccess(t, true, async () => {
        const seen = await afterActing(t, g, async () => {
          await rename(t, x);
        });
        t.expect.ok(about(seen, x.id, "update").length > 0, `a realm_user update about user ${x.id}`, seen);
      });
    },
  );

  behaviour(
    "fl228.users.guest-gains-access-add",
    "a guest whose channel gets a new subscriber receives realm_user add for that user",
    { id: "fl228.users.guest-gains-access-add#a-guest-whose-channel-gets-a-new-subscriber-receives-realm-user-add-for-that-user" },
    async (t) => {
      const [g, x] = [await freshGuest(t), await freshUser(t, "newcomer")];
      const channel = await channelWith(t, [g.id]);
      await withUserAccess(t, true, async () => {
        const seen = await afterActing(t, g, () => addToChannel(t, channel, [x.id]));
        const [add] = about(seen, x.id, "add");
        t.expect.ok(add !== undefined, `a realm_user add event for user ${x.id}`, seen);
        t.expect.equal(t.expect.schema(RealmUserAddEvent, add).person.full_name, x.fullName, "the added person's full_name (real data, no placeholder)");
      });
    },
  );

  behaviour(
    "fl228.users.guest-gains-access-add",
    "before FL228 gaining access to a user sends no realm_user add",
    { id: "fl228.users.guest-gains-access-add#before-fl228-gaining-access-to-a-user-sends-no-realm-user-add", gate: "before" },
    async (t) => {
      const [g, x] = [await freshGuest(t), await freshUser(t, "newcomer")];
      const channel = await channelWith(t, [g.id]);
      await withUserAccess(t, true, async () => {
        const seen = await afterActing(t, g, () => addToChannel(t, channel, [x.id]));
        t.expect.equal(about(seen, x.id, "add").length, 0, `realm_user add events for user ${x.id}`);
      });
    },
  );

  behaviour(
    "fl228.users.guest-loses-access-remove",
    "a guest leaving its only channel with a user receives realm_user remove for that user",
    { id: "fl228.users.guest-loses-access-remove#a-guest-leaving-its-only-channel-with-a-user-receives-realm-user-remove-for-that-user" },
    async (t) => {
      const [g, x] = [await freshGuest(t), await freshUser(t, "former-mate")];
      const channel = await channelWith(t, [g.id, x.id]);
      await withUserAccess(t, true, async () => {
        // The guest's own state watcher (the runner's watches the administrator, who loses no access): registered and
        // compared while access is limited, since the user comes back into the guest's lists once it is not. Without
        // user_list_incomplete from FL232 no placeholder takes the user's place (the catalog's reading), so the
        // user's leaving realm_users is compared in full.
        const watch = await ownWatcher(t, t.target, { email: g.email, apiKey: g.apiKey, userId: g.id }, { user_list_incomplete: false });
        const seen = await afterActing(t, g, () => leave(t, g, channel));
        const [remove] = about(seen, x.id, "remove");
        t.expect.ok(remove !== undefined, `a realm_user remove event for user ${x.id}`, seen);
        t.expect.schema(RealmUserRemoveEvent, remove);
        await watch.check(t.exchanges);
      });
    },
  );

  behaviour(
    "fl228.users.guest-loses-access-remove",
    "before FL228 losing access to a user sends no realm_user remove",
    { id: "fl228.users.guest-loses-access-remove#before-fl228-losing-access-to-a-user-sends-no-realm-user-remove", gate: "before" },
    async (t) => {
      const [g, x] = [await freshGuest(t), await freshUser(t, "former-mate")];
      const channel = await channelWith(t, [g.id, x.id]);
      await withUserAccess(t, true, async () => {
        const seen = await afterActing(t, g, () => leave(t, g, channel));
        t.expect.equal(about(seen, x.id, "remove").length, 0, `realm_user remove events for user ${x.id}`);
      });
    },
  );

  /** G sees X deactivated while everyone can access everyone; then access is limited and X comes back. */
  async function reactivationSeenBy(t: TestContext): Promise<{ seen: AnyEvent[]; x: FreshUser }> {
    const [g, x] = [await freshGuest(t), await freshUser(t, "returning")];
    const admin = t.api("administrator");
    return withUserAccess(t, false, async () => {
      const { queue } = await registerUser(t, g, ["realm_user"]);
      await t.must("deactivate a user", admin.delete(`/users/${x.id}`));
      return withUserAccess(t, true, async () => {
        await t.must("reactivate the user", admin.post(`/users/${x.id}/reactivate`));
        return { seen: await eventsThrough(queue, await renameMarker(t, g)), x };
      });
    });
  }

  const reactivated = (seen: AnyEvent[], id: number) => [...about(seen, id, "update").filter((e) => personOf(e).is_active === true), ...about(seen, id, "add")];

  behaviour(
    ["fl303.users.reactivation-event-access", "fl222.users.reactivate-event"],
    "a guest who can no longer access a user gets no event when it is reactivated",
    { id: "fl303.users.reactivation-event-access#a-guest-who-can-no-longer-access-a-user-gets-no-event-when-it-is-reactivated" },
    async (t) => {
      const { seen, x } = await reactivationSeenBy(t);
      t.expect.equal(reactivated(seen, x.id).length, 0, `reactivation events for user ${x.id}, whom the guest can no longer access`);
    },
  );

  behaviour(
    ["fl303.users.reactivation-event-access", "fl222.users.reactivate-event"],
    "before FL303 reactivation events reach users who cannot access the user",
    { id: "fl303.users.reactivation-event-access#before-fl303-reactivation-events-reach-users-who-cannot-access-the-user", gate: "before" },
    async (t) => {
      const { seen, x } = await reactivationSeenBy(t);
      const want = t.fl.atLeast(222) ? "a realm_user update with is_active true" : "a realm_user add";
      t.expect.ok(reactivated(seen, x.id).length > 0, `${want} for user ${x.id}`, seen);
    },
  );
}
