import type { ApiResponse } from "../../src/client/client.ts";
import { eventOf } from "../../src/client/events.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { MessageEvent } from "../../src/schemas/events/message.ts";
import { Message, MessagesPage } from "../../src/schemas/message.ts";
import { registerWith } from "../support/events.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { z } from "zod";
import { emptyTopicDisplayName } from "../support/realm.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

/** The message with `id`, fetched with GET /messages (narrowed to the id) and `extra` parameters. */
async function fetchById(t: TestContext, id: number, extra: ParamMap = {}) {
  const res = await t.api("secondMember").get("/messages", { anchor: id, num_before: 0, num_after: 0, narrow: [{ operator: "id", operand: id }], ...extra });
  const page = t.expect.schema(MessagesPage, t.expect.success(res), res.exchange);
  t.expect.equal(page.messages.length, 1, `messages fetched for id ${id}`, res.exchange);
  return { message: page.messages[0]!, res };
}

const messageWithId = (id: number) => eventOf("message", (ev) => ((ev.message as { id?: number }).id === id ? null : "another message"));

behaviour(
  "fl334.messages.empty-topic-send",
  "POST /messages accepts the empty topic for a channel message",
  { id: "fl334.messages.empty-topic-send#post-messages-accepts-the-empty-topic-for-a-channel-message" },
  async (t) => {
    const channel = await freshChannel(t);
    const res = await t.api("member").post("/messages", { type: "stream", to: channel.id, topic: "", content: "no topic at all" });
    const id = t.expect.success(res).id as number;
    const { message, res: got } = await fetchById(t, id, { allow_empty_topic_name: true });
    t.expect.equal(message.subject, "", "subject with allow_empty_topic_name=true", got.exchange);
  },
);

behaviour(
  "fl334.messages.empty-topic-send",
  "before FL334 the empty topic is refused with BAD_REQUEST",
  { id: "fl334.messages.empty-topic-send#before-fl334-the-empty-topic-is-refused-with-bad-request", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    t.expect.error(await t.api("member").post("/messages", { type: "stream", to: channel.id, topic: "", content: "x" }), 400, "BAD_REQUEST");
  },
);

behaviour(
  ["fl334.messages.event-subject-substitution", "fl334.register.capability-empty-topic-name"],
  'message events carry the display name to clients without empty_topic_name and "" to clients with it',
  { id: "fl334.messages.event-subject-substitution#message-events-carry-the-display-name-to-clients-without-empty-topic-name-and-to-clients-with-it" },
  async (t) => {
    const name = await emptyTopicDisplayName(t);
    const channel = await freshChannel(t);
    const plain = await registerWith(t, "secondMember", ["message"]);
    const capable = await registerWith(t, "secondMember", ["message"], { empty_topic_name: true });
    const id = await sendToChannel(t, "member", channel, "", "to the empty topic");
    const [without] = await plain.queue.until([messageWithId(id)]);
    const [withCap] = await capable.queue.until([messageWithId(id)]);
    t.expect.equal(t.expect.schema(MessageEvent, without).message.subject, name, "subject for a client without empty_topic_name");
    t.expect.equal(t.expect.schema(MessageEvent, withCap).message.subject, "", "subject for a client with empty_topic_name");
  },
);

behaviour(
  "fl334.messages.event-subject-substitution",
  "before FL334 message events carry the topic as sent",
  { id: "fl334.messages.event-subject-substitution#before-fl334-message-events-carry-the-topic-as-sent", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const plain = await registerWith(t, "secondMember", ["message"]);
    const id = await sendToChannel(t, "member", channel, "as sent", "x");
    const [ev] = await plain.queue.until([messageWithId(id)]);
    t.expect.equal(t.expect.schema(MessageEvent, ev).message.subject, "as sent", "subject");
  },
);

behaviour(
  "fl334.register.capability-empty-topic-name",
  "before FL334 the empty_topic_name capability is an unknown key, dropped without error",
  {
    id: "fl334.register.capability-empty-topic-name#before-fl334-the-empty-topic-name-capability-is-an-unknown-key-dropped-without-error",
    needs: ["member"],
    gate: "before",
  },
  async (t) => {
    await registerWith(t, "member", ["message"], { empty_topic_name: true });
  },
);

behaviour(
  "fl334.messages.fetch-allow-empty-topic-name",
  'GET /messages returns "" only with allow_empty_topic_name=true, else the display name',
  { id: "fl334.messages.fetch-allow-empty-topic-name#get-messages-returns-only-with-allow-empty-topic-name-true-else-the-display-name" },
  async (t) => {
    const name = await emptyTopicDisplayName(t);
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "", "empty topic");
    for (const [extra, want] of [
      [{}, name],
      [{ allow_empty_topic_name: false }, name],
      [{ allow_empty_topic_name: true }, ""],
    ] as const) {
      const { message, res } = await fetchById(t, id, extra);
      t.expect.equal(message.subject, want, `subject with ${JSON.stringify(extra)}`, res.exchange);
    }
  },
);

/** Before FL334 the parameter is unknown: accepted without effect, and from FL167 listed as ignored. */
function expectIgnored(t: TestContext, res: ApiResponse): void {
  const ignored = t.expect.success(res).ignored_parameters_unsupported;
  if (!t.fl.atLeast(167)) return;
  t.expect.ok(
    Array.isArray(ignored) && ignored.includes("allow_empty_topic_name"),
    "allow_empty_topic_name in ignored_parameters_unsupported",
    ignored,
    res.exchange,
  );
}

behaviour(
  ["fl334.messages.fetch-allow-empty-topic-name", "fl167.server.ignored-parameters-unsupported"],
  "before FL334 GET /messages does not know allow_empty_topic_name",
  {
    id: "fl334.messages.fetch-allow-empty-topic-name#before-fl334-get-messages-does-not-know-allow-empty-topic-name",
    needs: ["member", "secondMember"],
    gate: "before",
  },
  async (t) => expectIgnored(t, await t.api("member").get("/messages", { anchor: "newest", num_before: 1, num_after: 0, allow_empty_topic_name: true })),
);

behaviour(
  "fl334.messages.single-allow-empty-topic-name",
  'GET /messages/{message_id} returns "" only with allow_empty_topic_name=true',
  { id: "fl334.messages.single-allow-empty-topic-name#get-messages-message-id-returns-only-with-allow-empty-topic-name-true" },
  async (t) => {
    const name = await emptyTopicDisplayName(t);
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "", "empty topic");
    for (const [extra, want] of [
      [{}, name],
      [{ allow_empty_topic_name: true }, ""],
    ] as const) {
      const res = await t.api("secondMember").get(`/messages/${id}`, extra);
      const message = t.expect.schema(Message, t.expect.success(res).message, res.exchange, "message");
      t.expect.equal(message.subject, want, `subject with ${JSON.stringify(extra)}`, res.exchange);
    }
  },
);

behaviour(
  ["fl334.messages.single-allow-empty-topic-name", "fl167.server.ignored-parameters-unsupported"],
  "before FL334 GET /messages/{message_id} does not know allow_empty_topic_name",
  {
    id: "fl334.messages.single-allow-empty-topic-name#before-fl334-get-messages-message-id-does-not-know-allow-empty-topic-name",
    needs: ["member", "secondMember"],
    gate: "before",
  },
  async (t) => {
    const id = await sendDirect(t, "member", ["secondMember"], "single");
    expectIgnored(t, await t.api("secondMember").get(`/messages/${id}`, { allow_empty_topic_name: true }));
  },
);

behaviour(
  "fl334.messages.empty-topic-channel-only",
  "direct messages keep an empty subject: no display name in GET /messages or message events",
  {
    id: "fl334.messages.empty-topic-channel-only#direct-messages-keep-an-empty-subject-no-display-name-in-get-messages-or-message-events",
    needs: ["member", "secondMember"],
    gate: "always",
  },
  async (t) => {
    const plain = await registerWith(t, "secondMember", ["message"]);
    const id = await sendDirect(t, "member", ["secondMember"], "a direct message has no topic");
    const [ev] = await plain.queue.until([messageWithId(id)]);
    t.expect.equal(t.expect.schema(MessageEvent, ev).message.subject, "", "subject of the direct message in the event");
    const { message, res } = await fetchById(t, id);
    t.expect.equal(message.subject, "", "subject of the direct message in GET /messages", res.exchange);
  },
);

behaviour(
  "fl334.messages.topic-narrow-display-name",
  "a topic narrow naming the display name finds the empty topic's messages",
  { id: "fl334.messages.topic-narrow-display-name#a-topic-narrow-naming-the-display-name-finds-the-empty-topic-s-messages" },
  async (t) => {
    const name = await emptyTopicDisplayName(t);
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "", "in the empty topic");
    await sendToChannel(t, "member", channel, "elsewhere", "not in it");
    const narrow = [
      { operator: "channel", operand: channel.id },
      { operator: "topic", operand: name },
    ];
    const res = await t.api("secondMember").get("/messages", { anchor: "newest", num_before: 10, num_after: 0, narrow });
    const page = t.expect.schema(MessagesPage, t.expect.success(res), res.exchange);
    t.expect.equal(
      page.messages.map((m) => m.id),
      [id],
      "ids in the display-name topic narrow",
      res.exchange,
    );
  },
);

behaviour(
  "fl334.messages.topic-narrow-display-name",
  "before FL334 a topic narrow matches its operand literally",
  { id: "fl334.messages.topic-narrow-display-name#before-fl334-a-topic-narrow-matches-its-operand-literally", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "general chat", "a topic that happens to have that name");
    const narrow = [
      { operator: "channel", operand: channel.id },
      { operator: "topic", operand: "general chat" },
    ];
    const res = await t.api("secondMember").get("/messages", { anchor: "newest", num_before: 10, num_after: 0, narrow });
    const page = t.expect.schema(MessagesPage, t.expect.success(res), res.exchange);
    t.expect.equal(
      page.messages.map((m) => m.id),
      [id],
      "ids in the topic narrow",
      res.exchange,
    );
  },
);

behaviour(
  "fl334.register.empty-topic-display-name",
  "POST /register has realm_empty_topic_display_name, a non-empty string",
  { id: "fl334.register.empty-topic-display-name#post-register-has-realm-empty-topic-display-name-a-non-empty-string", needs: ["member"] },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    t.expect.schema(z.string().min(1), t.expect.present(body, "realm_empty_topic_display_name"), undefined, "realm_empty_topic_display_name");
  },
);

behaviour(
  "fl334.register.empty-topic-display-name",
  "before FL334 POST /register has no realm_empty_topic_display_name",
  { id: "fl334.register.empty-topic-display-name#before-fl334-post-register-has-no-realm-empty-topic-display-name", needs: ["member"], gate: "before" },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    t.expect.absent(body, "realm_empty_topic_display_name");
  },
);
