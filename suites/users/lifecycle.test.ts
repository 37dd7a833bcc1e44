import { z } from "zod";
import { eventCheck } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { RealmBotEvent } from "../../src/schemas/events/realm-bot.ts";
import { RealmUserAddEvent, RealmUserRemoveEvent, RealmUserUpdateEvent } from "../../src/schemas/events/realm-user.ts";
import { User } from "../../src/schemas/user.ts";
import { aboutUser, freshBot, freshUser, personOf, userAs } from "../support/users.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "member"] });
const ANY_AUTH_CODE = ["UNAUTHORIZED", "USER_DEACTIVATED", "INVALID_API_KEY"];

const deactivate = (t: TestContext, id: number) => t.api("administrator").delete(`/users/${id}`);
const reactivate = (t: TestContext, id: number) => t.api("administrator").post(`/users/${id}/reactivate`);

behaviour(
  "fl153.users.deactivate-reactivate",
  "a deactivated user is listed with is_active false and cannot authenticate until reactivated",
  { id: "fl153.users.deactivate-reactivate#a-deactivated-user-is-listed-with-is-active-false-and-cannot-authenticate-until-reactivated", gate: "always" },
  async (t) => {
    const x = await freshUser(t, "cycle");
    t.expect.success(await deactivate(t, x.id), "DELETE /users/{user_id}");
    t.expect.equal((await userAs(t, t.api("member"), x.id)).is_active, false, "is_active after deactivation");
    t.expect.error(await x.client.get("/users/me"), 401, ANY_AUTH_CODE);
    t.expect.success(await reactivate(t, x.id), "POST /users/{user_id}/reactivate");
    t.expect.equal((await userAs(t, t.api("member"), x.id)).is_active, true, "is_active after reactivation");
    t.expect.success(await x.client.get("/users/me"), "GET /users/me as the reactivated user");
  },
);

behaviour(
  "fl153.users.deactivate-errors",
  "non-administrators cannot deactivate or reactivate; nor can a user be deactivated or reactivated twice",
  { id: "fl153.users.deactivate-errors#non-administrators-cannot-deactivate-or-reactivate-nor-can-a-user-be-deactivated-or-reactivated-twice", gate: "always" },
  async (t) => {
    const x = await freshUser(t, "twice");
    t.expect.error(await t.api("member").delete(`/users/${x.id}`), 400, "UNAUTHORIZED_PRINCIPAL");
    await t.must("deactivate the user", deactivate(t, x.id));
    t.expect.error(await deactivate(t, x.id), 400, "BAD_REQUEST");
    t.expect.error(await t.api("member").post(`/users/${x.id}/reactivate`), 400, "UNAUTHORIZED_PRINCIPAL");
    await t.must("reactivate the user", reactivate(t, x.id));
    t.expect.error(await reactivate(t, x.id), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl153.users.cannot-deactivate-last-owner",
  "deactivating the only owner fails with CANNOT_DEACTIVATE_LAST_USER",
  {
    id: "fl153.users.cannot-deactivate-last-owner#deactivating-the-only-owner-fails-with-cannot-deactivate-last-user",
    needs: ["owner", "administrator"],
    gate: "always",
  },
  async (t) => {
    const owner = t.persona("owner");
    const listed = await t.must("list users", t.api("owner").get("/users"));
    const owners = z
      .array(User)
      .parse(listed.members)
      .filter((u) => u.is_active && u.role === 100);
    await t.given("the organization has exactly one owner", async () =>
      t.expect.equal(
        owners.map((u) => u.user_id),
        [owner.userId],
        "the active owners",
      ),
    );
    const res = await t.api("owner").delete(`/users/${owner.userId}`);
    // A server that wrongly deactivated the owner gets it back: every later test and run needs it.
    if (res.status === 200) t.cleanup(`owner ${owner.userId} reactivated`, () => reactivate(t, owner.userId));
    const body = t.expect.error(res, 400, "CANNOT_DEACTIVATE_LAST_USER");
    t.expect.equal(body.is_last_owner, true, "is_last_owner", res.exchange);
  },
);

behaviour(
  "fl222.users.deactivate-event",
  "deactivating a user sends realm_user update with is_active false",
  { id: "fl222.users.deactivate-event#deactivating-a-user-sends-realm-user-update-with-is-active-false" },
  async (t) => {
    const x = await freshUser(t, "leaving");
    const { queue } = await t.register("member", { event_types: ["realm_user"] });
    await t.must("deactivate the user", deactivate(t, x.id));
    const [ev] = await queue.until([aboutUser("realm_user", "update", x.id, (p) => (p.is_active === false ? null : "no is_active false"))]);
    t.expect.schema(RealmUserUpdateEvent, ev);
  },
);

behaviour(
  "fl222.users.deactivate-event",
  "before FL222 deactivating a user sends realm_user remove",
  { id: "fl222.users.deactivate-event#before-fl222-deactivating-a-user-sends-realm-user-remove", gate: "before" },
  async (t) => {
    const x = await freshUser(t, "leaving");
    const { queue } = await t.register("member", { event_types: ["realm_user"] });
    await t.must("deactivate the user", deactivate(t, x.id));
    t.expect.schema(RealmUserRemoveEvent, (await queue.until([aboutUser("realm_user", "remove", x.id)]))[0]);
  },
);

behaviour(
  "fl222.users.reactivate-event",
  "reactivating a user sends realm_user update with is_active true",
  { id: "fl222.users.reactivate-event#reactivating-a-user-sends-realm-user-update-with-is-active-true" },
  async (t) => {
    const x = await freshUser(t, "returning");
    await t.must("deactivate the user", deactivate(t, x.id));
    const { queue } = await t.register("member", { event_types: ["realm_user"] });
    await t.must("reactivate the user", reactivate(t, x.id));
    t.expect.schema(
      RealmUserUpdateEvent,
      (await queue.until([aboutUser("realm_user", "update", x.id, (p) => (p.is_active === true ? null : "no is_active true"))]))[0],
    );
  },
);

behaviour(
  "fl222.users.reactivate-event",
  "before FL222 reactivating a user sends realm_user add",
  { id: "fl222.users.reactivate-event#before-fl222-reactivating-a-user-sends-realm-user-add", gate: "before" },
  async (t) => {
    const x = await freshUser(t, "returning");
    await t.must("deactivate the user", deactivate(t, x.id));
    const { queue } = await t.register("member", { event_types: ["realm_user"] });
    await t.must("reactivate the user", reactivate(t, x.id));
    t.expect.schema(RealmUserAddEvent, (await queue.until([aboutUser("realm_user", "add", x.id)]))[0]);
  },
);

/** The owner's realm_bot events while its bot is deactivated (by the owner) and reactivated (by an administrator). */
async function botCycle(t: TestContext) {
  const bot = await freshBot(t, "member");
  const { queue } = await t.register("member", { event_types: ["realm_bot"] });
  await t.must("deactivate the bot with DELETE /bots/{bot_id}", t.api("member").delete(`/bots/${bot.id}`));
  const [off] = await queue.until([botActive(bot.id, false)]);
  await t.must("reactivate the bot", reactivate(t, bot.id));
  const [on] = await queue.until([botActive(bot.id, true)]);
  return [off!, on!].map((e) => t.expect.schema(RealmBotEvent, e));
}

/** A realm_bot event about the bot that changes its active state: an update with is_active, or (before FL222) remove / add. */
const botActive = (id: number, active: boolean) =>
  eventCheck(`realm_bot event ${active ? "reactivating" : "deactivating"} bot ${id}`, (ev) => {
    if (ev.type !== "realm_bot" || personOf(ev).user_id !== id) return `${ev.type} about ${String(personOf(ev).user_id)}`;
    return (ev.op === "update" ? personOf(ev).is_active === active : ev.op === (active ? "add" : "remove")) ? null : `op ${String(ev.op)}`;
  });

behaviour(
  "fl222.users.bot-active-event",
  "deactivating and reactivating a bot send realm_bot update changing is_active",
  { id: "fl222.users.bot-active-event#deactivating-and-reactivating-a-bot-send-realm-bot-update-changing-is-active" },
  async (t) => {
    const [off, on] = await botCycle(t);
    t.expect.equal([off!.op, personOf(off!).is_active], ["update", false], "the deactivation's realm_bot op and is_active");
    t.expect.equal([on!.op, personOf(on!).is_active], ["update", true], "the reactivation's realm_bot op and is_active");
  },
);

behaviour(
  "fl222.users.bot-active-event",
  "before FL222 deactivating and reactivating a bot send realm_bot remove and add",
  { id: "fl222.users.bot-active-event#before-fl222-deactivating-and-reactivating-a-bot-send-realm-bot-remove-and-add", gate: "before" },
  async (t) => {
    const [off, on] = await botCycle(t);
    t.expect.equal([off!.op, on!.op], ["remove", "add"], "the realm_bot ops");
  },
);
