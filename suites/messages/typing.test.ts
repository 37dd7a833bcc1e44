import { eventOf, type EventCheck } from "../../src/client/events.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { AnyEvent } from "../../src/schemas/events/envelope.ts";
import { ChannelTypingEvent, directTypingEventSchema } from "../../src/schemas/events/typing.ts";
import { eventsThrough, registerWith } from "../support/events.ts";
import { z } from "zod";
import { emptyTopicDisplayName } from "../support/realm.ts";
import { freshChannel, type TestChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

const senderIs = (userId: number) => (ev: AnyEvent) => ((ev.sender as { user_id?: number } | undefined)?.user_id === userId ? null : "another sender");

/** A typing event from `userId` with op `op`, of the direct (`recipients`) or channel (`stream_id`) kind. */
function typingFrom(userId: number, op: "start" | "stop", kind: "direct" | "stream", more: (ev: AnyEvent) => string | null = () => null): EventCheck {
  return eventOf("typing", (ev) => senderIs(userId)(ev) ?? ((kind === "stream") === "stream_id" in ev ? more(ev) : `not a ${kind} typing event`), op);
}

/** POST /typing as the member to the second member (`type` left to its default, which every level has). */
const typeToSecond = (t: TestContext, op: "start" | "stop", extra: ParamMap = {}) =>
  t.api("member").post("/typing", { op, to: [t.persona("secondMember").userId], ...extra });

behaviour(
  "fl153.messages.typing-direct-to",
  "direct typing with `to` reaches the recipient as typing start, then stop, naming sender and recipients",
  {
    id: "fl153.messages.typing-direct-to#direct-typing-with-to-reaches-the-recipient-as-typing-start-then-stop-naming-sender-and-recipients",
    needs: ["member", "secondMember"],
    gate: "always",
  },
  async (t) => {
    const me = t.persona("member");
    const other = t.persona("secondMember");
    const { queue } = await registerWith(t, "secondMember", ["typing"]);
    t.expect.success(await typeToSecond(t, "start"));
    const [start] = await queue.until([typingFrom(me.userId, "start", "direct")]);
    t.expect.equal(start!.sender, { user_id: me.userId, email: me.email }, "sender");
    const ids = (start!.recipients as Array<{ user_id: number }>).map((r) => r.user_id).sort((a, b) => a - b);
    t.expect.equal(
      ids,
      [me.userId, other.userId].sort((a, b) => a - b),
      "recipients' user_ids (the sender among them)",
    );
    t.expect.success(await typeToSecond(t, "stop"));
    t.expect.success(await typeToSecond(t, "start"));
    const seen = await eventsThrough(queue, typingFrom(me.userId, "start", "direct"));
    t.expect.equal(
      seen.filter((ev) => ev.type === "typing" && senderIs(me.userId)(ev) === null).map((ev) => ev.op),
      ["stop", "start"],
      "ops of the member's typing events after the first start",
    );
  },
);

behaviour(
  "fl215.messages.typing-event-message-type",
  "direct typing events have message_type direct",
  { id: "fl215.messages.typing-event-message-type#direct-typing-events-have-message-type-direct", needs: ["member", "secondMember"] },
  async (t) => {
    const { queue } = await registerWith(t, "secondMember", ["typing"]);
    t.expect.success(await typeToSecond(t, "start"));
    const [ev] = await queue.until([typingFrom(t.persona("member").userId, "start", "direct")]);
    t.expect.schema(directTypingEventSchema("direct"), ev, undefined, "the typing event");
  },
);

behaviour(
  "fl215.messages.typing-event-message-type",
  "before FL215 direct typing events have message_type private",
  {
    id: "fl215.messages.typing-event-message-type#before-fl215-direct-typing-events-have-message-type-private",
    needs: ["member", "secondMember"],
    gate: "before",
  },
  async (t) => {
    const { queue } = await registerWith(t, "secondMember", ["typing"]);
    t.expect.success(await typeToSecond(t, "start"));
    const [ev] = await queue.until([typingFrom(t.persona("member").userId, "start", "direct")]);
    t.expect.schema(directTypingEventSchema("private"), ev, undefined, "the typing event");
  },
);

behaviour(
  "fl215.messages.typing-private-rejected",
  "type=private is refused with BAD_REQUEST",
  { id: "fl215.messages.typing-private-rejected#type-private-is-refused-with-bad-request", needs: ["member", "secondMember"] },
  async (t) => {
    t.expect.error(await typeToSecond(t, "start", { type: "private" }), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl215.messages.typing-private-rejected",
  "before FL215 type=private is a direct typing notification",
  { id: "fl215.messages.typing-private-rejected#before-fl215-type-private-is-a-direct-typing-notification", needs: ["member", "secondMember"], gate: "before" },
  async (t) => {
    const { queue } = await registerWith(t, "secondMember", ["typing"]);
    t.expect.success(await typeToSecond(t, "start", { type: "private" }));
    await queue.until([typingFrom(t.persona("member").userId, "start", "direct")]);
  },
);

/** Channel typing as the member: stream_id from FL215, a one-element `to` before (fl215.messages.typing-stream-id). */
function typeInChannel(t: TestContext, channel: TestChannel, topic: string, op: "start" | "stop" = "start") {
  const where = t.fl.atLeast(215) ? { stream_id: channel.id } : { to: [channel.id] };
  return t.api("member").post("/typing", { type: "stream", op, topic, ...where });
}

behaviour(
  ["fl215.messages.typing-types", "fl215.messages.typing-stream-id"],
  "POST /typing takes type direct and type stream (private and stream before FL215)",
  { id: "fl215.messages.typing-types#post-typing-takes-type-direct-and-type-stream-private-and-stream-before-fl215", gate: "always" },
  async (t) => {
    const me = t.persona("member").userId;
    const channel = await freshChannel(t);
    const { queue } = await registerWith(t, "secondMember", ["typing"], { stream_typing_notifications: true });
    t.expect.success(await typeToSecond(t, "start", { type: t.fl.atLeast(215) ? "direct" : "private" }));
    await queue.until([typingFrom(me, "start", "direct")]);
    t.expect.success(await typeInChannel(t, channel, "typing types"));
    await queue.until([typingFrom(me, "start", "stream", (ev) => (ev.stream_id === channel.id ? null : "another channel"))]);
  },
);

behaviour(
  "fl215.messages.typing-stream-id",
  "channel typing names the channel in stream_id; without it the request fails",
  { id: "fl215.messages.typing-stream-id#channel-typing-names-the-channel-in-stream-id-without-it-the-request-fails" },
  async (t) => {
    const channel = await freshChannel(t);
    const { queue } = await registerWith(t, "secondMember", ["typing"], { stream_typing_notifications: true });
    t.expect.success(await t.api("member").post("/typing", { type: "stream", op: "start", stream_id: channel.id, topic: "by id" }));
    const [ev] = await queue.until([typingFrom(t.persona("member").userId, "start", "stream")]);
    const typed = t.expect.schema(ChannelTypingEvent, ev, undefined, "the channel typing event");
    t.expect.equal([typed.stream_id, typed.topic], [channel.id, "by id"], "[stream_id, topic]");
    t.expect.error(await t.api("member").post("/typing", { type: "stream", op: "start", topic: "no channel" }), 400, [
      "BAD_REQUEST",
      "REQUEST_VARIABLE_MISSING",
    ]);
  },
);

behaviour(
  "fl215.messages.typing-stream-id",
  "before FL215 channel typing names the channel in `to`, a list of one channel id",
  { id: "fl215.messages.typing-stream-id#before-fl215-channel-typing-names-the-channel-in-to-a-list-of-one-channel-id", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const { queue } = await registerWith(t, "secondMember", ["typing"], { stream_typing_notifications: true });
    t.expect.success(await t.api("member").post("/typing", { type: "stream", op: "start", to: [channel.id], topic: "by to" }));
    const [ev] = await queue.until([typingFrom(t.persona("member").userId, "start", "stream")]);
    t.expect.equal([ev!.stream_id, ev!.topic], [channel.id, "by to"], "[stream_id, topic]");
  },
);

behaviour(
  ["fl153.messages.typing-channel-capability", "fl215.messages.typing-stream-id"],
  "channel typing reaches only queues that declared stream_typing_notifications",
  { id: "fl153.messages.typing-channel-capability#channel-typing-reaches-only-queues-that-declared-stream-typing-notifications", gate: "always" },
  async (t) => {
    const me = t.persona("member").userId;
    const channel = await freshChannel(t);
    const capable = await registerWith(t, "secondMember", ["typing"], { stream_typing_notifications: true });
    const plain = await registerWith(t, "secondMember", ["typing"]);
    t.expect.success(await typeInChannel(t, channel, "capability"));
    await capable.queue.until([typingFrom(me, "start", "stream")]);
    t.expect.success(await typeToSecond(t, "start"));
    const seen = await eventsThrough(plain.queue, typingFrom(me, "start", "direct"));
    const channelEvents = seen.filter((ev) => ev.type === "typing" && "stream_id" in ev);
    t.expect.equal(channelEvents, [], "channel typing events on a queue without stream_typing_notifications");
  },
);

behaviour(
  "fl153.messages.typing-bad-input",
  "a bad op, type or recipient list gets HTTP 400 and sends nothing",
  { id: "fl153.messages.typing-bad-input#a-bad-op-type-or-recipient-list-gets-http-400-and-sends-nothing", needs: ["member", "secondMember"], gate: "always" },
  async (t) => {
    const me = t.persona("member").userId;
    const other = t.persona("secondMember").userId;
    const { queue } = await registerWith(t, "secondMember", ["typing"]);
    const api = t.api("member");
    t.expect.error(await api.post("/typing", { op: "begin", to: [other] }), 400, "BAD_REQUEST");
    t.expect.error(await api.post("/typing", { op: "start", type: "carrier-pigeon", to: [other] }), 400, "BAD_REQUEST");
    t.expect.error(await api.post("/typing", { op: "start", to: [987654321] }), 400, "BAD_REQUEST");
    t.expect.error(await api.post("/typing", { op: "start", to: [] }), 400, "BAD_REQUEST");
    t.expect.error(await api.post("/typing", { op: "start" }), 400, ["REQUEST_VARIABLE_MISSING", "BAD_REQUEST"]);
    t.expect.success(await typeToSecond(t, "stop"));
    const seen = await eventsThrough(queue, typingFrom(me, "stop", "direct"));
    t.expect.equal(
      seen.filter((ev) => ev.type === "typing" && ev.op === "start" && senderIs(me)(ev) === null),
      [],
      "typing start events caused by the refused requests",
    );
  },
);

behaviour(
  "fl372.messages.typing-no-topic-literal",
  "the topic '(no topic)' is read as the empty topic",
  { id: "fl372.messages.typing-no-topic-literal#the-topic-no-topic-is-read-as-the-empty-topic" },
  async (t) => {
    const name = await emptyTopicDisplayName(t, "secondMember");
    const channel = await freshChannel(t);
    const capable = await registerWith(t, "secondMember", ["typing"], { stream_typing_notifications: true, empty_topic_name: true });
    const plain = await registerWith(t, "secondMember", ["typing"], { stream_typing_notifications: true });
    t.expect.success(await t.api("member").post("/typing", { type: "stream", op: "start", stream_id: channel.id, topic: "(no topic)" }));
    const check = typingFrom(t.persona("member").userId, "start", "stream");
    const [withCap] = await capable.queue.until([check]);
    const [without] = await plain.queue.until([check]);
    t.expect.equal(withCap!.topic, "", "topic for a client with empty_topic_name");
    t.expect.equal(without!.topic, name, "topic for a client without empty_topic_name");
  },
);

behaviour(
  ["fl372.messages.typing-no-topic-literal", "fl215.messages.typing-stream-id"],
  "before FL372 the topic '(no topic)' is an ordinary topic name",
  { id: "fl372.messages.typing-no-topic-literal#before-fl372-the-topic-no-topic-is-an-ordinary-topic-name", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const { queue } = await registerWith(t, "secondMember", ["typing"], { stream_typing_notifications: true, empty_topic_name: true });
    t.expect.success(await typeInChannel(t, channel, "(no topic)"));
    const [ev] = await queue.until([typingFrom(t.persona("member").userId, "start", "stream")]);
    t.expect.equal(ev!.topic, "(no topic)", "topic");
  },
);

behaviour(
  "fl334.messages.typing-event-topic-substitution",
  "channel typing in the empty topic shows the display name to clients without empty_topic_name",
  { id: "fl334.messages.typing-event-topic-substitution#channel-typing-in-the-empty-topic-shows-the-display-name-to-clients-without-empty-topic-name" },
  async (t) => {
    const name = await emptyTopicDisplayName(t, "secondMember");
    const channel = await freshChannel(t);
    const capable = await registerWith(t, "secondMember", ["typing"], { stream_typing_notifications: true, empty_topic_name: true });
    const plain = await registerWith(t, "secondMember", ["typing"], { stream_typing_notifications: true });
    t.expect.success(await t.api("member").post("/typing", { type: "stream", op: "stop", stream_id: channel.id, topic: "" }));
    const check = typingFrom(t.persona("member").userId, "stop", "stream");
    const [withCap] = await capable.queue.until([check]);
    const [without] = await plain.queue.until([check]);
    t.expect.equal(withCap!.topic, "", "topic for a client with empty_topic_name");
    t.expect.equal(without!.topic, name, "topic for a client without empty_topic_name");
  },
);

behaviour(
  ["fl334.messages.typing-event-topic-substitution", "fl215.messages.typing-stream-id"],
  "before FL334 channel typing in the empty topic is refused",
  { id: "fl334.messages.typing-event-topic-substitution#before-fl334-channel-typing-in-the-empty-topic-is-refused", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    t.expect.error(await typeInChannel(t, channel, ""), 400, "BAD_REQUEST");
  },
);

const TIMING = [
  "server_typing_started_wait_period_milliseconds",
  "server_typing_stopped_wait_period_milliseconds",
  "server_typing_started_expiry_period_milliseconds",
];

behaviour(
  "fl204.register.typing-timing-constants",
  "POST /register has the three typing timing constants, positive integers of milliseconds",
  {
    id: "fl204.register.typing-timing-constants#post-register-has-the-three-typing-timing-constants-positive-integers-of-milliseconds",
    needs: ["member"],
    mutates: false,
  },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    for (const key of TIMING) t.expect.schema(z.number().int().positive(), t.expect.present(body, key), undefined, key);
  },
);

behaviour(
  "fl204.register.typing-timing-constants",
  "before FL204 POST /register has no typing timing constants",
  { id: "fl204.register.typing-timing-constants#before-fl204-post-register-has-no-typing-timing-constants", needs: ["member"], gate: "before", mutates: false },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    for (const key of TIMING) t.expect.absent(body, key);
  },
);
