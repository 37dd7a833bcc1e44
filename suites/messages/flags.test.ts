import { defineSuite } from "../../src/expect/suite.ts";
import { FlagsResponse } from "../../src/schemas/message-flags.ts";
import { UpdateMessageFlagsEvent } from "../../src/schemas/events/update-message-flags.ts";
import { registerWith } from "../support/events.ts";
import { flagsEvent, flagsEventAbout, flagsOf, fullNameOf, setFlag } from "../support/flags.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { emptyTopicDisplayName } from "../support/realm.ts";
import { freshChannel, freshPrivateChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["secondMember", "member", "administrator"] });

/**
 * secondMember changes the flags, so it comes first in `needs`: the state invariant watches the first persona, and
 * update_message_flags events reach only the user whose flags changed.
 */
behaviour(
  "fl153.messages.flags-update-event",
  "POST /messages/flags adds and removes starred and read, each change reported in an update_message_flags event",
  {
    id: "fl153.messages.flags-update-event#post-messages-flags-adds-and-removes-starred-and-read-each-change-reported-in-an-update-message-flags-event",
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "flags", "flag me");
    const { queue } = await registerWith(t, "secondMember", ["update_message_flags"]);
    const second = t.api("secondMember");
    for (const [op, flag] of [
      ["add", "starred"],
      ["remove", "starred"],
      ["add", "read"],
    ] as const) {
      const res = await second.post("/messages/flags", { messages: [id], op, flag });
      const body = t.expect.schema(FlagsResponse, t.expect.success(res), res.exchange);
      t.expect.equal(body.messages, [id], `messages in the response to ${op} ${flag}`, res.exchange);
      const [ev] = await queue.until([flagsEvent(op, flag, [id])]);
      const event = t.expect.schema(UpdateMessageFlagsEvent, ev, undefined, `the update_message_flags event for ${op} ${flag}`);
      t.expect.equal(event.all, false, `all in the event for ${op} ${flag}`);
      const flags = await flagsOf(t, "secondMember", id);
      t.expect.ok(flags.includes(flag) === (op === "add"), `flag ${flag} ${op === "add" ? "set" : "cleared"} in GET /messages`, flags);
    }
  },
);

behaviour(
  "fl153.messages.flags-unread-details",
  "removing read sends message_details: channel and topic, or the other participants, and mentioned",
  { id: "fl153.messages.flags-unread-details#removing-read-sends-message-details-channel-and-topic-or-the-other-participants-and-mentioned", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const name = await fullNameOf(t, "secondMember");
    const inChannel = await sendToChannel(t, "member", channel, "details", `hello @**${name}**`);
    const direct = await sendDirect(t, "member", ["secondMember"], "a direct message");
    await setFlag(t, "secondMember", [inChannel, direct], "add", "read");
    const { queue } = await registerWith(t, "secondMember", ["update_message_flags"]);
    t.expect.success(await t.api("secondMember").post("/messages/flags", { messages: [inChannel, direct], op: "remove", flag: "read" }));
    const [ev] = await queue.until([flagsEvent("remove", "read", [inChannel, direct])]);
    const details = t.expect.schema(UpdateMessageFlagsEvent, ev).message_details;
    t.expect.ok(details !== undefined, "message_details in the event", ev);
    const c = details![String(inChannel)];
    t.expect.equal(
      [c?.type, c?.stream_id, c?.topic, c?.mentioned],
      ["stream", channel.id, "details", true],
      "[type, stream_id, topic, mentioned] of the channel message",
    );
    const d = details![String(direct)];
    t.expect.equal([d?.type, d?.user_ids], ["private", [t.persona("member").userId]], "[type, user_ids] of the direct message");
  },
);

behaviour(
  "fl155.messages.flags-unchanged-not-listed",
  "a message that already had the flag is not listed in the event (before FL155 every message of the request is)",
  {
    id: "fl155.messages.flags-unchanged-not-listed#a-message-that-already-had-the-flag-is-not-listed-in-the-event-before-fl155-every-message-of-the-request-is",
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const a = await sendToChannel(t, "member", channel, "no-op", "first");
    const b = await sendToChannel(t, "member", channel, "no-op", "second");
    await setFlag(t, "secondMember", [a], "add", "read");
    const { queue } = await registerWith(t, "secondMember", ["update_message_flags"]);
    t.expect.success(await t.api("secondMember").post("/messages/flags", { messages: [a, b], op: "add", flag: "read" }));
    const [ev] = await queue.until([flagsEventAbout("add", "read", [a, b])]);
    const listed = [...t.expect.schema(UpdateMessageFlagsEvent, ev).messages].sort((x, y) => x - y);
    if (t.fl.atLeast(155)) t.expect.equal(listed, [b], "messages in the event (only the one that changed)");
    else t.expect.equal(listed, [a, b], "messages in the event");
  },
);

behaviour(
  "fl355.messages.ignored-because-not-subscribed",
  "marking unread skips messages of channels the user is not subscribed to and names those channels",
  { id: "fl355.messages.ignored-because-not-subscribed#marking-unread-skips-messages-of-channels-the-user-is-not-subscribed-to-and-names-those-channels" },
  async (t) => {
    const channel = await freshChannel(t, ["member"]);
    const id = await sendToChannel(t, "member", channel, "outside", "never received by secondMember");
    await setFlag(t, "secondMember", [id], "add", "starred");
    const res = await t.api("secondMember").post("/messages/flags", { messages: [id], op: "remove", flag: "read" });
    const body = t.expect.schema(FlagsResponse, t.expect.success(res), res.exchange);
    t.expect.equal(body.ignored_because_not_subscribed_channels, [channel.id], "ignored_because_not_subscribed_channels", res.exchange);
    const flags = await flagsOf(t, "secondMember", id);
    t.expect.ok(flags.includes("read"), "the skipped message to stay read", flags);
    const star = await t.api("secondMember").post("/messages/flags", { messages: [id], op: "remove", flag: "starred" });
    t.expect.absent(t.expect.success(star), "ignored_because_not_subscribed_channels", star.exchange);
  },
);

// Before FL355 secondMember's message goes unread in a channel it is not subscribed to (no register lists it, and
// the model files it nowhere); marking it read again when the test ends leaves the server as it was.
behaviour(
  "fl355.messages.ignored-because-not-subscribed",
  "before FL355 the response has no ignored_because_not_subscribed_channels",
  { id: "fl355.messages.ignored-because-not-subscribed#before-fl355-the-response-has-no-ignored-because-not-subscribed-channels", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t, ["member"]);
    const id = await sendToChannel(t, "member", channel, "outside", "never received by secondMember");
    await setFlag(t, "secondMember", [id], "add", "starred");
    t.cleanup(`message ${id} read again for secondMember`, () => t.api("secondMember").post("/messages/flags", { messages: [id], op: "add", flag: "read" }));
    const res = await t.api("secondMember").post("/messages/flags", { messages: [id], op: "remove", flag: "read" });
    t.expect.absent(t.expect.success(res), "ignored_because_not_subscribed_channels", res.exchange);
  },
);

behaviour(
  "fl153.messages.flags-bad-input",
  "unknown or unreadable messages, a bad op, an unknown or read-only flag and malformed messages get HTTP 400, changing nothing",
  {
    id: "fl153.messages.flags-bad-input#unknown-or-unreadable-messages-a-bad-op-an-unknown-or-read-only-flag-and-malformed-messages-get-http-400-changing-nothing",
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const ok = await sendToChannel(t, "member", channel, "bad input", "a readable message");
    const secret = await freshPrivateChannel(t, ["member"]);
    const hidden = await sendToChannel(t, "member", secret, "hidden", "secondMember cannot read this");
    const second = t.api("secondMember");
    t.expect.error(await second.post("/messages/flags", { messages: [ok, 2_000_000_000], op: "add", flag: "starred" }), 400, "BAD_REQUEST");
    t.expect.error(await second.post("/messages/flags", { messages: [ok, hidden], op: "add", flag: "starred" }), 400, "BAD_REQUEST");
    const flags = await flagsOf(t, "secondMember", ok);
    t.expect.ok(!flags.includes("starred"), "no flag changed by the rejected requests", flags);
    t.expect.error(await second.post("/messages/flags", { messages: [ok], op: "toggle", flag: "starred" }), 400, "BAD_REQUEST");
    t.expect.error(await second.post("/messages/flags", { messages: [ok], op: "add", flag: "conformance-no-such-flag" }), 400, "BAD_REQUEST");
    t.expect.error(await second.post("/messages/flags", { messages: [ok], op: "add", flag: "mentioned" }), 400, "BAD_REQUEST");
    t.expect.error(await second.post("/messages/flags", { messages: "[1, 2", op: "add", flag: "read" }), 400, ["BAD_REQUEST", "INVALID_JSON"]);
    t.expect.error(await second.post("/messages/flags", { messages: '"not a list"', op: "add", flag: "read" }), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl334.messages.flags-event-topic-substitution",
  'removing read from an empty-topic message: the display name in message_details without empty_topic_name, "" with it',
  {
    id: "fl334.messages.flags-event-topic-substitution#removing-read-from-an-empty-topic-message-the-display-name-in-message-details-without-empty-topic-name-with-it",
  },
  async (t) => {
    const name = await emptyTopicDisplayName(t, "secondMember");
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "", "in the empty topic");
    await setFlag(t, "secondMember", [id], "add", "read");
    const plain = await registerWith(t, "secondMember", ["update_message_flags"]);
    const capable = await registerWith(t, "secondMember", ["update_message_flags"], { empty_topic_name: true });
    await setFlag(t, "secondMember", [id], "remove", "read");
    const [without] = await plain.queue.until([flagsEvent("remove", "read", [id])]);
    const [withCap] = await capable.queue.until([flagsEvent("remove", "read", [id])]);
    const topicIn = (ev: unknown) => t.expect.schema(UpdateMessageFlagsEvent, ev).message_details?.[String(id)]?.topic;
    t.expect.equal(topicIn(without), name, "message_details topic for a client without empty_topic_name");
    t.expect.equal(topicIn(withCap), "", "message_details topic for a client with empty_topic_name");
  },
);

behaviour(
  "fl334.messages.flags-event-topic-substitution",
  "before FL334 message_details carries the topic as sent",
  { id: "fl334.messages.flags-event-topic-substitution#before-fl334-message-details-carries-the-topic-as-sent", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "as sent", "a message");
    await setFlag(t, "secondMember", [id], "add", "read");
    const { queue } = await registerWith(t, "secondMember", ["update_message_flags"]);
    await setFlag(t, "secondMember", [id], "remove", "read");
    const [ev] = await queue.until([flagsEvent("remove", "read", [id])]);
    t.expect.equal(t.expect.schema(UpdateMessageFlagsEvent, ev).message_details?.[String(id)]?.topic, "as sent", "message_details topic");
  },
);
