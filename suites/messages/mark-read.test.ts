import { defineSuite } from "../../src/expect/suite.ts";
import { UpdateMessageFlagsEvent } from "../../src/schemas/events/update-message-flags.ts";
import { registerWith } from "../support/events.ts";
import { flagsEvent, flagsOf } from "../support/flags.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "moderator"] });

/**
 * POST /mark_all_as_read touches every unread message of its user, so these tests use the moderator persona,
 * which no other suite reads unread state of.
 */
behaviour(
  ["fl211.messages.mark-all-as-read-complete", "fl153.messages.mark-read-endpoints", "fl211.errors.result-success-or-error"],
  "POST /mark_all_as_read marks everything read with an all=true event; from FL211 it answers complete, before only success",
  {
    id: "fl211.messages.mark-all-as-read-complete#post-mark-all-as-read-marks-everything-read-with-an-all-true-event-from-fl211-it-answers-complete-before-only-success",
    gate: "always",
  },
  async (t) => {
    const id = await sendDirect(t, "member", ["moderator"], "unread until marked");
    const { queue } = await registerWith(t, "moderator", ["update_message_flags"]);
    const res = await t.api("moderator").post("/mark_all_as_read");
    const body = t.expect.success(res);
    if (t.fl.atLeast(211)) t.expect.equal(body.complete, true, "complete", res.exchange);
    else t.expect.absent(body, "complete", res.exchange);
    const [ev] = await queue.until([flagsEvent("add", "read")]);
    const event = t.expect.schema(UpdateMessageFlagsEvent, ev, undefined, "the update_message_flags event");
    t.expect.equal([event.all, event.messages], [true, []], "[all, messages] of the event");
    const flags = await flagsOf(t, "moderator", id);
    t.expect.ok(flags.includes("read"), "the direct message to be read", flags);
  },
);

behaviour(
  "fl153.messages.mark-read-endpoints",
  "POST /mark_topic_as_read and POST /mark_stream_as_read mark one topic, then one channel, read",
  {
    id: "fl153.messages.mark-read-endpoints#post-mark-topic-as-read-and-post-mark-stream-as-read-mark-one-topic-then-one-channel-read",
    needs: ["member", "secondMember", "administrator"],
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const other = await freshChannel(t);
    const a = await sendToChannel(t, "member", channel, "Marked Topic", "a");
    const b = await sendToChannel(t, "member", channel, "marked topic", "b");
    const c = await sendToChannel(t, "member", channel, "other topic", "c");
    const e = await sendToChannel(t, "member", other, "Marked Topic", "e");
    const { queue } = await registerWith(t, "secondMember", ["update_message_flags"]);
    const second = t.api("secondMember");
    t.expect.success(await second.post("/mark_topic_as_read", { stream_id: channel.id, topic_name: "MARKED TOPIC" }));
    const [byTopic] = await queue.until([flagsEvent("add", "read", [a, b])]);
    t.expect.equal(t.expect.schema(UpdateMessageFlagsEvent, byTopic).all, false, "all in the event of mark_topic_as_read");
    const cFlags = await flagsOf(t, "secondMember", c);
    t.expect.ok(!cFlags.includes("read"), "the other topic's message still unread", cFlags);
    t.expect.success(await second.post("/mark_stream_as_read", { stream_id: channel.id }));
    await queue.until([flagsEvent("add", "read", [c])]);
    for (const [id, read] of [
      [a, true],
      [b, true],
      [c, true],
      [e, false],
    ] as const) {
      const flags = await flagsOf(t, "secondMember", id);
      t.expect.ok(flags.includes("read") === read, `message ${id} ${read ? "read" : "still unread"}`, flags);
    }
  },
);

behaviour(
  "fl153.messages.mark-read-endpoints",
  "an unknown channel gets HTTP 400",
  { id: "fl153.messages.mark-read-endpoints#an-unknown-channel-gets-http-400", needs: ["member"], gate: "always", mutates: false },
  async (t) => {
    const member = t.api("member");
    t.expect.error(await member.post("/mark_stream_as_read", { stream_id: 2_000_000_000 }), 400, ["BAD_REQUEST", "STREAM_DOES_NOT_EXIST"]);
    t.expect.error(await member.post("/mark_topic_as_read", { stream_id: 2_000_000_000, topic_name: "x" }), 400, ["BAD_REQUEST", "STREAM_DOES_NOT_EXIST"]);
  },
);
