import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { RealmBotEvent } from "../../src/schemas/events/realm-bot.ts";
import { registerWith } from "../support/events.ts";
import { freshBot } from "../support/users.ts";

/**
 * A bot given to another owner, as each client of the two owners follows it: a member's realm_bots lists only the
 * bots it owns, so the previous owner's clients must drop the bot (realm_bot delete) and the new owner's gain it
 * whole (realm_bot add). The previous owner is the test's first persona, whose state the invariant compares.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

const aboutBot = (id: number) => (e: Record<string, unknown>) => ((e.bot as { user_id?: unknown } | undefined)?.user_id === id ? null : "another bot");

/** The bots register realm_bots lists for the persona. */
async function botsOf(t: TestContext, role: PersonaRole): Promise<Array<{ user_id: number; owner_id?: unknown }>> {
  const { body } = await t.register(role, { fetch_event_types: ["realm_bot"], event_types: ["heartbeat"] });
  return t.expect.schema(
    z.array(z.looseObject({ user_id: z.number().int(), owner_id: z.unknown() })),
    t.expect.present(body, "realm_bots"),
    undefined,
    `${role}'s register realm_bots`,
  );
}

behaviour(
  "fl153.events.state-consistency",
  "a member gives its bot to another member: realm_bot delete to the previous owner, add to the new one, and their realm_bots follow",
  {
    id: "fl153.events.state-consistency#a-member-gives-its-bot-to-another-member-realm-bot-delete-to-the-previous-owner-add-to-the-new-one-and-their-realm-bots-follow",
  },
  async (t) => {
    const bot = await freshBot(t, "member");
    const newOwner = t.persona("secondMember").userId;
    const previous = await registerWith(t, "member", ["realm_bot"]);
    const next = await registerWith(t, "secondMember", ["realm_bot"]);
    t.expect.success(await t.api("member").patch(`/bots/${bot.id}`, { bot_owner_id: newOwner }), "PATCH /bots/{bot_user_id} bot_owner_id");
    const [gone] = await previous.queue.until([eventOf("realm_bot", aboutBot(bot.id))]);
    t.expect.equal(
      t.expect.schema(RealmBotEvent, gone, undefined, "the previous owner's realm_bot event").op,
      "delete",
      "op of the previous owner's realm_bot event",
    );
    const [gained] = await next.queue.until([eventOf("realm_bot", aboutBot(bot.id))]);
    const add = t.expect.schema(RealmBotEvent, gained, undefined, "the new owner's realm_bot event");
    t.expect.equal([add.op, add.bot.owner_id], ["add", newOwner], "[op, bot.owner_id] of the new owner's realm_bot event");
    t.expect.ok(!(await botsOf(t, "member")).some((b) => b.user_id === bot.id), `the previous owner's realm_bots without bot ${bot.id}`, bot.id);
    const listed = (await botsOf(t, "secondMember")).find((b) => b.user_id === bot.id);
    t.expect.equal(listed?.owner_id, newOwner, `owner_id of bot ${bot.id} in the new owner's realm_bots`);
  },
);
