import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { MessageHistoryResponse } from "../../src/schemas/edit-history.ts";
import { mustEdit } from "../support/edits.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { emptyTopicDisplayName } from "../support/realm.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

async function history(t: TestContext, id: number, extra: Record<string, boolean> = {}) {
  const res = await t.api("secondMember").get(`/messages/${id}/history`, extra);
  return { snapshots: t.expect.schema(MessageHistoryResponse, t.expect.success(res), res.exchange).message_history, res };
}

behaviour(
  "fl153.messages.message-history",
  "GET /messages/{id}/history lists the original, then each edit, oldest first",
  { id: "fl153.messages.message-history#get-messages-id-history-lists-the-original-then-each-edit-oldest-first", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "draft topic", "first text");
    const untouched = await history(t, id);
    t.expect.equal(untouched.snapshots.length, 1, "snapshots of a message never edited", untouched.res.exchange);
    await mustEdit(t, "member", id, { content: "second text" });
    await mustEdit(t, "member", id, { topic: "final topic" });
    const { snapshots, res } = await history(t, id);
    t.expect.equal(snapshots.length, 3, "snapshots after two edits", res.exchange);
    const [original, contentEdit, topicEdit] = snapshots as [(typeof snapshots)[0], (typeof snapshots)[0], (typeof snapshots)[0]];
    t.expect.equal(
      [original.content, original.topic, original.user_id],
      ["first text", "draft topic", t.persona("member").userId],
      "[content, topic, user_id] of the original",
      res.exchange,
    );
    t.expect.absent(original, "prev_content", res.exchange);
    t.expect.equal(
      [contentEdit.prev_content, contentEdit.content, contentEdit.topic],
      ["first text", "second text", "draft topic"],
      "[prev_content, content, topic] of the content edit",
      res.exchange,
    );
    t.expect.equal(
      [topicEdit.prev_topic, topicEdit.topic, topicEdit.content],
      ["draft topic", "final topic", "second text"],
      "[prev_topic, topic, content] of the move",
      res.exchange,
    );
    t.expect.absent(topicEdit, "prev_content", res.exchange);
    t.expect.ok(
      original.timestamp <= contentEdit.timestamp && contentEdit.timestamp <= topicEdit.timestamp,
      "timestamps rising, oldest first",
      snapshots.map((s) => s.timestamp),
      res.exchange,
    );
  },
);

behaviour(
  "fl153.messages.message-history",
  "the history of a message the user cannot read, or of none, gets 400 BAD_REQUEST",
  {
    id: "fl153.messages.message-history#the-history-of-a-message-the-user-cannot-read-or-of-none-gets-400-bad-request",
    needs: ["member", "secondMember", "moderator"],
    gate: "always",
  },
  async (t) => {
    const dm = await sendDirect(t, "member", ["secondMember"], "between two");
    t.expect.error(await t.api("moderator").get(`/messages/${dm}/history`), 400, "BAD_REQUEST");
    t.expect.error(await t.api("moderator").get("/messages/2000000000/history"), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl334.messages.history-allow-empty-topic-name",
  "history topics show the display name for the empty topic unless allow_empty_topic_name=true",
  { id: "fl334.messages.history-allow-empty-topic-name#history-topics-show-the-display-name-for-the-empty-topic-unless-allow-empty-topic-name-true" },
  async (t) => {
    const name = await emptyTopicDisplayName(t);
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "", "in the empty topic");
    await mustEdit(t, "member", id, { topic: "named at last" });
    const plain = await history(t, id);
    t.expect.equal(
      [plain.snapshots[0]?.topic, plain.snapshots[1]?.prev_topic],
      [name, name],
      "[original topic, prev_topic] without the parameter",
      plain.res.exchange,
    );
    const allowed = await history(t, id, { allow_empty_topic_name: true });
    t.expect.equal(
      [allowed.snapshots[0]?.topic, allowed.snapshots[1]?.prev_topic],
      ["", ""],
      "[original topic, prev_topic] with allow_empty_topic_name=true",
      allowed.res.exchange,
    );
  },
);

behaviour(
  ["fl334.messages.history-allow-empty-topic-name", "fl167.server.ignored-parameters-unsupported"],
  "before FL334 GET /messages/{id}/history does not read allow_empty_topic_name",
  { id: "fl334.messages.history-allow-empty-topic-name#before-fl334-get-messages-id-history-does-not-read-allow-empty-topic-name", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "named", "x");
    const res = await t.api("secondMember").get(`/messages/${id}/history`, { allow_empty_topic_name: true });
    const body = t.expect.success(res);
    if (t.fl.atLeast(167)) t.expect.equal(body.ignored_parameters_unsupported, ["allow_empty_topic_name"], "ignored_parameters_unsupported", res.exchange);
    t.expect.equal(t.expect.schema(MessageHistoryResponse, body, res.exchange).message_history[0]?.topic, "named", "the original topic");
  },
);
