import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { reactionEventSchema } from "../../src/schemas/events/reaction.ts";
import { Message } from "../../src/schemas/message.ts";
import { reactionSchema } from "../../src/schemas/reaction.ts";
import { eventsThrough, registerWith } from "../support/events.ts";
import { sendToChannel } from "../support/messages.ts";
import { z } from "zod";
import { createChannelRaw, freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

/** The octopus: a unicode emoji every server knows by this name and code. */
const OCTOPUS = { emoji_name: "octopus", emoji_code: "1f419", reaction_type: "unicode_emoji" };

/** A channel message from the member that the second member reacts to (so reactor and sender differ). */
async function reactedMessage(t: TestContext): Promise<number> {
  const channel = await freshChannel(t);
  return sendToChannel(t, "member", channel, "reactions", "react to me");
}

const react = (t: TestContext, id: number) => t.api("secondMember").post(`/messages/${id}/reactions`, { emoji_name: OCTOPUS.emoji_name });
const unreact = (t: TestContext, id: number) => t.api("secondMember").delete(`/messages/${id}/reactions`, { emoji_name: OCTOPUS.emoji_name });
const reactionOn = (id: number, op: "add" | "remove") => eventOf("reaction", (ev) => (ev.message_id === id ? null : `message ${String(ev.message_id)}`), op);

/** The message as GET /messages/{message_id} returns it to the member. */
async function fetched(t: TestContext, id: number) {
  const res = await t.api("member").get(`/messages/${id}`);
  return { message: t.expect.schema(Message, t.expect.success(res).message, res.exchange, "message"), res };
}

behaviour(
  "fl153.messages.reaction-event",
  "adding and removing a reaction sends reaction add and remove events to those who can read the message",
  { id: "fl153.messages.reaction-event#adding-and-removing-a-reaction-sends-reaction-add-and-remove-events-to-those-who-can-read-the-message", gate: "always" },
  async (t) => {
    const id = await reactedMessage(t);
    const { queue } = await registerWith(t, "member", ["reaction"]);
    t.expect.success(await react(t, id));
    const [added] = await queue.until([reactionOn(id, "add")]);
    t.expect.equal(
      [added!.emoji_name, added!.emoji_code, added!.reaction_type],
      [OCTOPUS.emoji_name, OCTOPUS.emoji_code, OCTOPUS.reaction_type],
      "[emoji_name, emoji_code, reaction_type]",
    );
    t.expect.success(await unreact(t, id));
    const { message, res } = await fetched(t, id);
    t.expect.equal(message.reactions, [], "reactions after the removal", res.exchange);
    t.expect.success(await react(t, id));
    const seen = await eventsThrough(queue, reactionOn(id, "add"));
    t.expect.ok(
      seen.some((ev) => ev.type === "reaction" && ev.op === "remove" && ev.message_id === id),
      "a reaction/remove event before the next reaction/add",
      seen.map((ev) => `${ev.type}/${String(ev.op)}`),
    );
  },
);

behaviour(
  "fl153.messages.reaction-user-id",
  "reactions in message objects and in events name the reacting user in user_id",
  { id: "fl153.messages.reaction-user-id#reactions-in-message-objects-and-in-events-name-the-reacting-user-in-user-id", gate: "always" },
  async (t) => {
    const reactor = t.persona("secondMember").userId;
    const id = await reactedMessage(t);
    const { queue } = await registerWith(t, "member", ["reaction"]);
    t.expect.success(await t.api("secondMember").post(`/messages/${id}/reactions`, OCTOPUS));
    const [ev] = await queue.until([reactionOn(id, "add")]);
    t.expect.equal(ev!.user_id, reactor, "user_id of the reaction event");
    const { message, res } = await fetched(t, id);
    t.expect.equal(
      message.reactions.map((r) => r.user_id),
      [reactor],
      "user_id of the message's reactions",
      res.exchange,
    );
  },
);

behaviour(
  ["fl328.messages.reaction-user-dict-removed", "fl153.messages.reaction-user-dict"],
  "reactions in message objects carry the deprecated user dictionary before FL328 and not from then on",
  {
    id: "fl328.messages.reaction-user-dict-removed#reactions-in-message-objects-carry-the-deprecated-user-dictionary-before-fl328-and-not-from-then-on",
    gate: "always",
  },
  async (t) => {
    const reactor = t.persona("secondMember");
    const id = await reactedMessage(t);
    t.expect.success(await react(t, id));
    const { message, res } = await fetched(t, id);
    const listed = await t.api("member").get("/messages", { anchor: id, num_before: 0, num_after: 0, narrow: [{ operator: "id", operand: id }] });
    const fromList = (t.expect.success(listed).messages as Array<{ reactions: unknown }>)[0]?.reactions;
    const withDict = !t.fl.atLeast(328);
    for (const [reactions, where, ex] of [
      [message.reactions, "GET /messages/{message_id}", res.exchange],
      [fromList, "GET /messages", listed.exchange],
    ] as const) {
      const parsed = t.expect.schema(z.array(reactionSchema(withDict)).length(1), reactions, ex, `reactions in ${where}`);
      if (withDict) t.expect.equal(parsed[0]!.user?.id, reactor.userId, `user.id of the reaction in ${where}`, ex);
    }
  },
);

behaviour(
  ["fl339.messages.reaction-event-user-restored", "fl328.messages.reaction-event-user-dropped", "fl153.messages.reaction-user-dict"],
  "reaction events carry the deprecated user before FL328, lack it from FL328 to FL338, and carry it again from FL339",
  {
    id: "fl339.messages.reaction-event-user-restored#reaction-events-carry-the-deprecated-user-before-fl328-lack-it-from-fl328-to-fl338-and-carry-it-again-from-fl339",
    gate: "always",
  },
  async (t) => {
    const reactor = t.persona("secondMember");
    const id = await reactedMessage(t);
    const { queue } = await registerWith(t, "member", ["reaction"]);
    t.expect.success(await react(t, id));
    t.expect.success(await unreact(t, id));
    const events = await queue.until([reactionOn(id, "add"), reactionOn(id, "remove")]);
    const withUser = t.fl.atLeast(339) || !t.fl.atLeast(328);
    for (const ev of events) {
      const parsed = t.expect.schema(reactionEventSchema(withUser), ev, undefined, `the reaction/${String(ev.op)} event`);
      if (withUser) t.expect.equal([parsed.user?.user_id, parsed.user?.email], [reactor.userId, reactor.email], "[user.user_id, user.email] of the event");
    }
  },
);

behaviour(
  "fl153.messages.reaction-errors",
  "duplicate and missing reactions, unknown emoji and unreadable messages are refused",
  { id: "fl153.messages.reaction-errors#duplicate-and-missing-reactions-unknown-emoji-and-unreadable-messages-are-refused", gate: "always" },
  async (t) => {
    const id = await reactedMessage(t);
    t.expect.success(await react(t, id));
    t.expect.error(await react(t, id), 400, "REACTION_ALREADY_EXISTS");
    t.expect.success(await unreact(t, id));
    t.expect.error(await unreact(t, id), 400, "REACTION_DOES_NOT_EXIST");
    t.expect.error(await t.api("secondMember").post(`/messages/${id}/reactions`, { emoji_name: "conformance_no_such_emoji" }), 400, "BAD_REQUEST");
    t.expect.error(await t.api("secondMember").post("/messages/987654321/reactions", { emoji_name: OCTOPUS.emoji_name }), 400, "BAD_REQUEST");
    const { name: secret, res: created } = createChannelRaw(t, "member", undefined, { invite_only: true }, "secret");
    await t.must("create a private channel only the member is in", created);
    const hidden = await t.must("send to it", t.api("member").post("/messages", { type: "stream", to: secret, topic: "hidden", content: "not for you" }));
    t.expect.error(await t.api("secondMember").post(`/messages/${String(hidden.id)}/reactions`, { emoji_name: OCTOPUS.emoji_name }), 400, "BAD_REQUEST");
  },
);
