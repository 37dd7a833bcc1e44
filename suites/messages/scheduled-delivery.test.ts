import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { MessageEvent } from "../../src/schemas/events/message.ts";
import { scheduledMessageSchema } from "../../src/schemas/scheduled-message.ts";
import { registerWith } from "../support/events.ts";
import { deliveryTiming, privateChannelOf, schedule, scheduledList, secondsFromNow } from "../support/scheduled.ts";
import { deleteScheduledLater } from "../support/cleanup.ts";
import { z } from "zod";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"], waiting: true });

const messageWith = (content: string) =>
  eventOf("message", (ev) => ((ev.message as { content?: string }).content?.includes(content) ? null : "another message"));

/** A direct message from the member to the second member, due in a few seconds. */
const dueSoon = (t: TestContext, content: string) => ({
  type: "direct",
  to: [t.persona("secondMember").userId],
  content,
  scheduled_delivery_timestamp: secondsFromNow(deliveryTiming(t).lead),
});

behaviour(
  "fl179.messages.scheduled-delivery",
  "a due scheduled message is sent as its owner's message and leaves the scheduled list",
  { id: "fl179.messages.scheduled-delivery#a-due-scheduled-message-is-sent-as-its-owner-s-message-and-leaves-the-scheduled-list" },
  async (t) => {
    const { budgetMs } = deliveryTiming(t);
    const owner = await registerWith(t, "member", ["scheduled_messages"]);
    const recipient = await registerWith(t, "secondMember", ["message"]);
    const content = `delivered ${t.unique("d")}`;
    const id = await schedule(t, "member", dueSoon(t, content));
    const [ev] = await recipient.queue.until([messageWith(content)], budgetMs);
    const sent = t.expect.schema(MessageEvent, ev, undefined, "the delivered message event");
    t.expect.equal(sent.message.sender_id, t.persona("member").userId, "sender_id of the delivered message");
    const { list, res } = await scheduledList(t, "member");
    t.expect.ok(
      !(list as Array<Record<string, unknown>>).some((s) => s.scheduled_message_id === id),
      `scheduled message ${id} no longer listed`,
      list,
      res.exchange,
    );
    await owner.queue.until([eventOf("scheduled_messages", (e) => (e.scheduled_message_id === id ? null : "another id"), "remove")], budgetMs);
  },
);

behaviour(
  "fl236.messages.scheduled-read-by-sender",
  "read_by_sender decides whether the delivered message starts read for its sender",
  { id: "fl236.messages.scheduled-read-by-sender#read-by-sender-decides-whether-the-delivered-message-starts-read-for-its-sender" },
  async (t) => {
    const { budgetMs } = deliveryTiming(t);
    const { queue } = await registerWith(t, "member", ["message"]);
    const unread = `unread for me ${t.unique("r")}`;
    const read = `read for me ${t.unique("r")}`;
    await schedule(t, "member", { ...dueSoon(t, unread), read_by_sender: false });
    await schedule(t, "member", { ...dueSoon(t, read), read_by_sender: true });
    const [a, b] = await queue.until([messageWith(unread), messageWith(read)], budgetMs);
    t.expect.ok(!t.expect.schema(MessageEvent, a).flags.includes("read"), "the sender's flags without read (read_by_sender=false)", a!.flags);
    t.expect.ok(t.expect.schema(MessageEvent, b).flags.includes("read"), "the sender's flags with read (read_by_sender=true)", b!.flags);
  },
);

behaviour(
  ["fl236.messages.scheduled-read-by-sender", "fl179.messages.scheduled-create"],
  "before FL236 read_by_sender is not a parameter of POST /scheduled_messages",
  { id: "fl236.messages.scheduled-read-by-sender#before-fl236-read-by-sender-is-not-a-parameter-of-post-scheduled-messages", gate: "before" },
  async (t) => {
    const res = await t
      .api("member")
      .post("/scheduled_messages", { ...dueSoon(t, "x"), scheduled_delivery_timestamp: secondsFromNow(3600), read_by_sender: false });
    if (!t.fl.atLeast(179)) {
      t.expect.ok(res.status === 404, "HTTP 404: no scheduled-message endpoints at this level", `HTTP ${res.status}`, res.exchange);
      return;
    }
    const body = t.expect.success(res);
    if (typeof body.scheduled_message_id === "number") deleteScheduledLater(t, "member", body.scheduled_message_id);
    const ignored = body.ignored_parameters_unsupported;
    t.expect.ok(Array.isArray(ignored) && ignored.includes("read_by_sender"), "read_by_sender in ignored_parameters_unsupported", ignored, res.exchange);
  },
);

/**
 * Schedules a channel message in a few seconds, then makes its owner leave the (private) channel, and waits until
 * the server has tried to send it (the scheduled_messages/update event). Returns the scheduled message's id.
 */
async function scheduleThenLoseAccess(t: TestContext): Promise<number> {
  const { lead, budgetMs } = deliveryTiming(t);
  const channel = await privateChannelOf(t, "member");
  const { queue } = await registerWith(t, "member", ["scheduled_messages"]);
  const id = await schedule(t, "member", {
    type: "stream",
    to: channel.id,
    topic: "too late",
    content: "nobody may read this",
    scheduled_delivery_timestamp: secondsFromNow(lead),
  });
  await t.must("leave the private channel", t.api("member").delete("/users/me/subscriptions", { subscriptions: [channel.name] }));
  const tried = eventOf(
    "scheduled_messages",
    (e) => ((e.scheduled_message as { scheduled_message_id?: number } | undefined)?.scheduled_message_id === id ? null : "another one"),
    "update",
  );
  await queue.until([tried], budgetMs);
  return id;
}

/** The scheduled message with `id` in GET /scheduled_messages (still undelivered), validated. */
async function stillListed(t: TestContext, id: number, withFailed: boolean) {
  const { list, res } = await scheduledList(t, "member");
  const found = t.expect
    .schema(z.array(scheduledMessageSchema(withFailed)), list, res.exchange, "scheduled_messages")
    .filter((s) => s.scheduled_message_id === id);
  t.expect.equal(found.length, 1, `scheduled message ${id} still listed (undelivered)`, res.exchange);
  return { sm: found[0]!, res };
}

behaviour(
  "fl181.messages.scheduled-failed-on-send-failure",
  "a scheduled message its owner may no longer send stays undelivered with failed true",
  {
    id: "fl181.messages.scheduled-failed-on-send-failure#a-scheduled-message-its-owner-may-no-longer-send-stays-undelivered-with-failed-true",
    needs: ["member", "administrator"],
  },
  async (t) => {
    const id = await scheduleThenLoseAccess(t);
    const { sm, res } = await stillListed(t, id, true);
    t.expect.equal(sm.failed, true, "failed", res.exchange);
  },
);

behaviour(
  ["fl181.messages.scheduled-failed-on-send-failure", "fl179.messages.scheduled-create"],
  "before FL181 a scheduled message that could not be sent stays undelivered, with no failed field",
  {
    id: "fl181.messages.scheduled-failed-on-send-failure#before-fl181-a-scheduled-message-that-could-not-be-sent-stays-undelivered-with-no-failed-field",
    needs: ["member"],
    gate: "before",
  },
  async (t) => {
    if (!t.fl.atLeast(179)) {
      const res = await t.api("member").get("/scheduled_messages");
      t.expect.ok(res.status === 404, "HTTP 404: no scheduled-message endpoints at this level", `HTTP ${res.status}`, res.exchange);
      return;
    }
    await stillListed(t, await scheduleThenLoseAccess(t), false);
  },
);
