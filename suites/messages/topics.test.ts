import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { ChannelTopicsResponse } from "../../src/schemas/channel-topics.ts";
import { MessagesPage } from "../../src/schemas/message.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { registerWith } from "../support/events.ts";
import { sendToChannel } from "../support/messages.ts";
import { emptyTopicDisplayName } from "../support/realm.ts";
import { freshChannel, type TestChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

async function topicsOf(t: TestContext, role: PersonaRole, channel: TestChannel, params: Record<string, boolean> = {}) {
  const res = await t.api(role).get(`/users/me/${channel.id}/topics`, params);
  return { topics: t.expect.schema(ChannelTopicsResponse, t.expect.success(res), res.exchange).topics, res };
}

behaviour(
  "fl153.messages.channel-topics",
  "GET /users/me/{stream_id}/topics lists each topic once with its newest message id, newest topic first",
  { id: "fl153.messages.channel-topics#get-users-me-stream-id-topics-lists-each-topic-once-with-its-newest-message-id-newest-topic-first", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    await sendToChannel(t, "member", channel, "alpha", "1");
    const beta = await sendToChannel(t, "member", channel, "beta", "2");
    const alpha = await sendToChannel(t, "member", channel, "Alpha", "3");
    const { topics, res } = await topicsOf(t, "secondMember", channel);
    t.expect.equal(
      topics,
      [
        { max_id: alpha, name: "Alpha" },
        { max_id: beta, name: "beta" },
      ],
      "topics (alpha and Alpha are one topic)",
      res.exchange,
    );
  },
);

behaviour(
  "fl153.messages.channel-topics",
  "an unknown channel gets HTTP 400",
  { id: "fl153.messages.channel-topics#an-unknown-channel-gets-http-400", needs: ["member"], gate: "always", mutates: false },
  async (t) => {
    t.expect.error(await t.api("member").get("/users/me/2000000000/topics"), 400, ["BAD_REQUEST", "STREAM_DOES_NOT_EXIST"]);
  },
);

behaviour(
  "fl334.messages.topics-allow-empty-topic-name",
  'the empty topic is listed as the display name, or as "" with allow_empty_topic_name=true',
  { id: "fl334.messages.topics-allow-empty-topic-name#the-empty-topic-is-listed-as-the-display-name-or-as-with-allow-empty-topic-name-true" },
  async (t) => {
    const name = await emptyTopicDisplayName(t, "secondMember");
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "", "in the empty topic");
    const plain = await topicsOf(t, "secondMember", channel);
    t.expect.equal(plain.topics, [{ max_id: id, name }], "topics without allow_empty_topic_name", plain.res.exchange);
    const allowed = await topicsOf(t, "secondMember", channel, { allow_empty_topic_name: true });
    t.expect.equal(allowed.topics, [{ max_id: id, name: "" }], "topics with allow_empty_topic_name=true", allowed.res.exchange);
  },
);

behaviour(
  ["fl334.messages.topics-allow-empty-topic-name", "fl167.server.ignored-parameters-unsupported"],
  "before FL334 allow_empty_topic_name is not read: topics come back as named, and from FL167 the parameter is listed as unsupported",
  {
    id: "fl334.messages.topics-allow-empty-topic-name#before-fl334-allow-empty-topic-name-is-not-read-topics-come-back-as-named-and-from-fl167-the-parameter-is-listed-as-unsupported",
    gate: "before",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "named", "x");
    const { topics, res } = await topicsOf(t, "secondMember", channel, { allow_empty_topic_name: true });
    t.expect.equal(topics, [{ max_id: id, name: "named" }], "topics", res.exchange);
    const ignored = (res.json?.ignored_parameters_unsupported as string[] | undefined) ?? [];
    if (t.fl.atLeast(167))
      t.expect.ok(ignored.includes("allow_empty_topic_name"), "allow_empty_topic_name in ignored_parameters_unsupported", ignored, res.exchange);
  },
);

behaviour(
  ["fl211.messages.delete-topic-complete", "fl153.messages.delete-topic"],
  "an administrator deletes a topic: delete_message events, the messages and the topic are gone; from FL211 the answer says complete",
  {
    id: "fl211.messages.delete-topic-complete#an-administrator-deletes-a-topic-delete-message-events-the-messages-and-the-topic-are-gone-from-fl211-the-answer-says-complete",
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const doomed = [await sendToChannel(t, "member", channel, "doomed", "1"), await sendToChannel(t, "member", channel, "Doomed", "2")];
    const kept = await sendToChannel(t, "member", channel, "kept", "3");
    const { queue } = await registerWith(t, "secondMember", ["delete_message"], { bulk_message_deletion: true });
    const res = await t.api("administrator").post(`/streams/${channel.id}/delete_topic`, { topic_name: "doomed" });
    const body = t.expect.success(res);
    if (t.fl.atLeast(211)) t.expect.equal(body.complete, true, "complete", res.exchange);
    else t.expect.absent(body, "complete", res.exchange);
    const [ev] = await queue.until([eventOf("delete_message", (e) => (e.stream_id === channel.id ? null : `stream_id ${String(e.stream_id)}`))]);
    t.expect.equal(
      [[...((ev!.message_ids as number[] | undefined) ?? [])].sort((a, b) => a - b), ev!.message_type],
      [doomed, "stream"],
      "[message_ids, message_type] of the delete_message event",
    );
    const { topics } = await topicsOf(t, "secondMember", channel);
    t.expect.equal(topics, [{ max_id: kept, name: "kept" }], "topics left in the channel");
    const left = await t
      .api("secondMember")
      .get("/messages", { anchor: "newest", num_before: 10, num_after: 0, narrow: [{ operator: "channel", operand: channel.id }] });
    t.expect.equal(
      t.expect.schema(MessagesPage, t.expect.success(left), left.exchange).messages.map((m) => m.id),
      [kept],
      "messages left in the channel",
      left.exchange,
    );
  },
);

behaviour(
  ["fl153.messages.delete-topic", "fl153.errors.forbidden-action"],
  "a member may not delete a topic; an unknown channel gets HTTP 400",
  { id: "fl153.messages.delete-topic#a-member-may-not-delete-a-topic-an-unknown-channel-gets-http-400", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "protected", "stays");
    t.expect.error(await t.api("member").post(`/streams/${channel.id}/delete_topic`, { topic_name: "protected" }), 400, [
      "UNAUTHORIZED_PRINCIPAL",
      "BAD_REQUEST",
    ]);
    const { topics } = await topicsOf(t, "secondMember", channel);
    t.expect.equal(topics, [{ max_id: id, name: "protected" }], "topics after the refused deletion");
    t.expect.error(await t.api("administrator").post("/streams/2000000000/delete_topic", { topic_name: "x" }), 400, ["BAD_REQUEST", "STREAM_DOES_NOT_EXIST"]);
  },
);
