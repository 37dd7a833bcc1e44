import fc from "fast-check";
import { z } from "zod";
import type { Suite } from "../../../src/expect/suite.ts";
import type { TestContext } from "../../../src/expect/context.ts";
import { User } from "../../../src/schemas/user.ts";
import { checkProperty } from "../../support/property.ts";
import { channelWith, freshGuest, freshUser, listedIds, withUserAccess, type FreshUser } from "../../support/users.ts";

/** Property runs: each creates a guest, up to three channels and four direct messages (about 20 requests). */
export const ACCESS_PROPERTY_RUNS = 15;
const POOL = [0, 1, 2, 3];

/** One case: whether the guest is outside can_access_all_users_group_id, its channels (pool members in each), who sent it a direct message. */
const Case = fc.record({
  restricted: fc.boolean(),
  channels: fc.array(fc.subarray(POOL), { maxLength: 3 }),
  dms: fc.subarray(POOL),
});
type Case = typeof Case extends fc.Arbitrary<infer T> ? T : never;

/** Every user GET /users shows the administrator (the organization's users and bots, deactivated ones included). */
async function everyone(t: TestContext): Promise<{ all: Set<number>; bots: Set<number> }> {
  const res = await t.api("administrator").get("/users");
  const members = t.expect.schema(z.array(User), t.expect.success(res, "GET /users").members, res.exchange, "GET /users members");
  return { all: new Set(members.map((m) => m.user_id)), bots: new Set(members.filter((m) => m.is_bot).map((m) => m.user_id)) };
}

/** Sets up one case on the server and checks what the guest lists against what it must. */
async function checkCase(t: TestContext, pool: FreshUser[], c: Case): Promise<void> {
  const g = await freshGuest(t, "prop-guest");
  for (const members of c.channels) await channelWith(t, [g.id, ...members.map((i) => pool[i]!.id)]);
  for (const i of c.dms) await t.must("send the guest a direct message", pool[i]!.client.post("/messages", { type: "private", to: [g.id], content: "hi" }));
  await withUserAccess(t, c.restricted, async () => {
    const before = await everyone(t);
    const listed = await listedIds(t, g.client);
    const missingBots = [...before.bots].filter((id) => !listed.has(id));
    t.expect.equal(missingBots, [], "bots missing from the guest's GET /users (bots are always accessible)");
    if (!c.restricted) {
      const missing = [...before.all].filter((id) => !listed.has(id));
      t.expect.equal(missing, [], "users missing from GET /users of a guest inside can_access_all_users_group_id");
      return;
    }
    const must = new Set([g.id, ...c.channels.flat().map((i) => pool[i]!.id), ...c.dms.map((i) => pool[i]!.id)]);
    const humans = [...listed].filter((id) => !before.bots.has(id) && before.all.has(id)).sort((a, b) => a - b);
    t.expect.equal(
      humans,
      [...must].sort((a, b) => a - b),
      "the non-bot users a restricted guest lists: itself and those sharing a channel or a direct message with it",
    );
  });
}

/**
 * Property (FL225): for random channel memberships and direct messages, a guest outside can_access_all_users_group_id
 * sees exactly itself, bots and the users it shares a channel or a direct message with; inside it, everyone.
 */
export function accessPropertyTest({ behaviour }: Suite): void {
  behaviour(
    "fl225.users.can-access-all-users-restriction",
    `property: a guest sees exactly the users it must (${ACCESS_PROPERTY_RUNS} random cases)`,
    { id: "fl225.users.can-access-all-users-restriction#property-a-guest-sees-exactly-the-users-it-must-15-random-cases" },
    async (t) => {
      const pool: FreshUser[] = [];
      for (const i of POOL) pool.push(await freshUser(t, `pool${i}`));
      await checkProperty(Case, ACCESS_PROPERTY_RUNS, (c) => checkCase(t, pool, c));
    },
  );
}
