import type { Suite } from "../../../src/expect/suite.ts";
import type { TestContext } from "../../../src/expect/context.ts";
import { channelWith, freshGuest, freshUser, listedIds, withUserAccess, type FreshUser } from "../../support/users.ts";

/** A fresh guest G, a user X it shares nothing with, Y sharing a channel with it, and Z who sent it a direct message. */
async function guestWithNeighbours(t: TestContext): Promise<{ g: FreshUser; x: FreshUser; y: FreshUser; z: FreshUser }> {
  const [g, x, y, z] = [await freshGuest(t), await freshUser(t, "stranger"), await freshUser(t, "channel-mate"), await freshUser(t, "dm-partner")];
  await channelWith(t, [g.id, y.id]);
  await t.must("send the guest a direct message", z.client.post("/messages", { type: "private", to: [g.id], content: "hello guest" }));
  return { g, x, y, z };
}

/** Access to users (FL225): who a guest outside can_access_all_users_group_id can see in GET /users and GET /users/{user_id}. */
export function listingTests({ behaviour }: Suite): void {
  behaviour(
    "fl225.users.can-access-all-users-restriction",
    "a guest outside can_access_all_users_group_id lists only itself, bots and the users it shares a channel or a direct message with",
    {
      id: "fl225.users.can-access-all-users-restriction#a-guest-outside-can-access-all-users-group-id-lists-only-itself-bots-and-the-users-it-shares-a-channel-or-a-direct-message-with",
      alsoNeeds: ["bot"],
    },
    async (t) => {
      const { g, x, y, z } = await guestWithNeighbours(t);
      await withUserAccess(t, true, async () => {
        const listed = await listedIds(t, g.client);
        for (const [who, id] of [
          ["itself", g.id],
          ["its channel-mate", y.id],
          ["its direct-message partner", z.id],
          ["the bot persona", t.persona("bot").userId],
        ] as const) {
          t.expect.ok(listed.has(id), `GET /users as the guest to list ${who} (${id})`, [...listed]);
        }
        t.expect.ok(!listed.has(x.id), `GET /users as the guest to leave out user ${x.id}, with whom it shares nothing`, [...listed]);
        t.expect.ok(!listed.has(t.persona("administrator").userId), "GET /users as the guest to leave out the administrator persona", [...listed]);
        t.expect.error(await g.client.get(`/users/${x.id}`), 400, "BAD_REQUEST");
        t.expect.success(await g.client.get(`/users/${y.id}`), "GET /users/{user_id} of the channel-mate");
      });
    },
  );

  behaviour(
    "fl225.users.can-access-all-users-restriction",
    "before FL225 a guest lists every user, whatever can_access_all_users_group_id says",
    {
      id: "fl225.users.can-access-all-users-restriction#before-fl225-a-guest-lists-every-user-whatever-can-access-all-users-group-id-says",
      alsoNeeds: ["bot"],
      gate: "before",
    },
    async (t) => {
      const { g, x } = await guestWithNeighbours(t);
      await withUserAccess(t, true, async () => {
        const listed = await listedIds(t, g.client);
        t.expect.ok(listed.has(x.id) && listed.has(t.persona("administrator").userId), `GET /users as the guest to list user ${x.id} and the administrator`, [
          ...listed,
        ]);
        t.expect.success(await g.client.get(`/users/${x.id}`), "GET /users/{user_id} of a user the guest shares nothing with");
      });
    },
  );
}
