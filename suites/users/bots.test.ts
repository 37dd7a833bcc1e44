import { z } from "zod";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { channelWith, freshBot } from "../support/users.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "member", "secondMember"] });

/**
 * A fresh bot of the member's, subscribed to a fresh private channel that secondMember is not in; then secondMember
 * becomes its owner. Returns whether the bot is still subscribed (its own register `subscriptions`).
 */
async function stillSubscribedAfterOwnerChange(t: TestContext): Promise<{ subscribed: boolean; channel: string }> {
  const bot = await freshBot(t, "member");
  const channel = await channelWith(t, [bot.id, t.persona("member").userId], true);
  const res = await t.api("member").patch(`/bots/${bot.id}`, { bot_owner_id: t.persona("secondMember").userId });
  t.expect.success(res, "PATCH /bots/{bot_user_id} with bot_owner_id");
  const { body } = await t.register(bot.client, { fetch_event_types: ["subscription"], event_types: ["heartbeat"] });
  const subs = t.expect.schema(z.array(z.looseObject({ name: z.string() })), body.subscriptions, undefined, "the bot's subscriptions");
  return { subscribed: subs.some((s) => s.name === channel), channel };
}

behaviour(
  "fl359.users.bot-owner-change-keeps-subscriptions",
  "a bot given a new owner keeps channels the new owner is not subscribed to",
  { id: "fl359.users.bot-owner-change-keeps-subscriptions#a-bot-given-a-new-owner-keeps-channels-the-new-owner-is-not-subscribed-to" },
  async (t) => {
    const { subscribed, channel } = await stillSubscribedAfterOwnerChange(t);
    t.expect.ok(subscribed, `the bot to stay subscribed to private channel ${channel}`, subscribed);
  },
);

behaviour(
  "fl359.users.bot-owner-change-keeps-subscriptions",
  "before FL359 a bot given a new owner leaves the channels that owner is not subscribed to",
  {
    id: "fl359.users.bot-owner-change-keeps-subscriptions#before-fl359-a-bot-given-a-new-owner-leaves-the-channels-that-owner-is-not-subscribed-to",
    gate: "before",
  },
  async (t) => {
    const { subscribed, channel } = await stillSubscribedAfterOwnerChange(t);
    t.expect.ok(!subscribed, `the bot to be unsubscribed from private channel ${channel}`, subscribed);
  },
);
