import type { ApiResponse } from "../../src/client/client.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { createChannel, onlyUsers, postTo } from "../support/channels.ts";
import { sendToChannel } from "../support/messages.ts";
import type { TestChannel } from "../support/channels.ts";

/**
 * Content access through channel groups (FL354): the second member is in the channel's can_add_subscribers_group
 * (a creation parameter from FL349; the catalog's ruling names it) of a private channel with shared history that
 * only the member is subscribed to. From FL354 it reads and acts there; before, it does not.
 */

// The administrator archives the channel when the test ends (a member may not).
const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

interface Setup {
  channel: TestChannel;
  messageId: number;
}

async function setup(t: TestContext): Promise<Setup> {
  const channel = await createChannel(t, "member", ["member"], {
    invite_only: true,
    history_public_to_subscribers: true,
    can_add_subscribers_group: onlyUsers(t.persona("secondMember").userId),
  });
  return { channel, messageId: await sendToChannel(t, "member", channel, "shared", "a message in the private channel") };
}

const outsider = (t: TestContext) => t.api("secondMember");

/** Before FL354 the outsider is refused: an error response (the endpoints answer 400 or 403 with their own codes). */
function refused(t: TestContext, res: ApiResponse, what: string): void {
  t.expect.ok(
    res.status >= 400 && res.status < 500 && res.json?.result === "error",
    `${what} refused with an error`,
    `HTTP ${res.status} ${res.text.slice(0, 200)}`,
    res.exchange,
  );
}

behaviour(
  "fl354.messages.content-access-send",
  "a content-access group member posts to the private channel without being subscribed",
  { id: "fl354.messages.content-access-send#a-content-access-group-member-posts-to-the-private-channel-without-being-subscribed" },
  async (t) => {
    const { channel } = await setup(t);
    t.expect.success(await postTo(t, outsider(t), channel));
  },
);

behaviour(
  "fl354.messages.content-access-send",
  "before FL354 the content-access group does not let a user post",
  { id: "fl354.messages.content-access-send#before-fl354-the-content-access-group-does-not-let-a-user-post", gate: "before" },
  async (t) => {
    const { channel } = await setup(t);
    refused(t, await postTo(t, outsider(t), channel), "POST /messages");
  },
);

const fetchChannel = (t: TestContext, channel: TestChannel) =>
  outsider(t).get("/messages", { anchor: "newest", num_before: 10, num_after: 0, narrow: [{ operator: "stream", operand: channel.id }] });

behaviour(
  "fl354.messages.content-access-fetch",
  "GET /messages returns the private channel's messages to a content-access group member",
  { id: "fl354.messages.content-access-fetch#get-messages-returns-the-private-channel-s-messages-to-a-content-access-group-member" },
  async (t) => {
    const { channel, messageId } = await setup(t);
    const res = await fetchChannel(t, channel);
    const ids = (t.expect.success(res).messages as Array<{ id: number }>).map((m) => m.id);
    t.expect.ok(ids.includes(messageId), `message ${messageId} among the messages`, ids, res.exchange);
  },
);

behaviour(
  "fl354.messages.content-access-fetch",
  "before FL354 GET /messages does not return them",
  { id: "fl354.messages.content-access-fetch#before-fl354-get-messages-does-not-return-them", gate: "before" },
  async (t) => {
    const { channel, messageId } = await setup(t);
    const res = await fetchChannel(t, channel);
    if (res.status === 200) {
      const ids = (t.expect.success(res).messages as Array<{ id: number }>).map((m) => m.id);
      t.expect.ok(!ids.includes(messageId), `message ${messageId} not among the messages`, ids, res.exchange);
    } else refused(t, res, "GET /messages");
  },
);

behaviour(
  "fl354.messages.content-access-single",
  "GET /messages/{message_id} returns a message of the private channel to a content-access group member",
  { id: "fl354.messages.content-access-single#get-messages-message-id-returns-a-message-of-the-private-channel-to-a-content-access-group-member" },
  async (t) => {
    const { messageId } = await setup(t);
    const res = await outsider(t).get(`/messages/${messageId}`);
    t.expect.equal((t.expect.success(res).message as { id?: number }).id, messageId, "message.id", res.exchange);
  },
);

behaviour(
  "fl354.messages.content-access-single",
  "before FL354 GET /messages/{message_id} refuses it",
  { id: "fl354.messages.content-access-single#before-fl354-get-messages-message-id-refuses-it", gate: "before" },
  async (t) => {
    const { messageId } = await setup(t);
    refused(t, await outsider(t).get(`/messages/${messageId}`), "GET /messages/{message_id}");
  },
);

behaviour(
  "fl354.messages.content-access-read-receipts",
  "read receipts of the private channel's messages are readable to a content-access group member",
  { id: "fl354.messages.content-access-read-receipts#read-receipts-of-the-private-channel-s-messages-are-readable-to-a-content-access-group-member" },
  async (t) => {
    const { messageId } = await setup(t);
    const res = await outsider(t).get(`/messages/${messageId}/read_receipts`);
    t.expect.ok(Array.isArray(t.expect.success(res).user_ids), "user_ids to be an array", res.json, res.exchange);
  },
);

behaviour(
  "fl354.messages.content-access-read-receipts",
  "before FL354 read receipts are refused",
  { id: "fl354.messages.content-access-read-receipts#before-fl354-read-receipts-are-refused", gate: "before" },
  async (t) => {
    const { messageId } = await setup(t);
    refused(t, await outsider(t).get(`/messages/${messageId}/read_receipts`), "GET /messages/{message_id}/read_receipts");
  },
);

behaviour(
  "fl354.messages.content-access-edit",
  "a content-access group member edits a message's topic in the private channel",
  { id: "fl354.messages.content-access-edit#a-content-access-group-member-edits-a-message-s-topic-in-the-private-channel" },
  async (t) => {
    const { messageId } = await setup(t);
    t.expect.success(await outsider(t).patch(`/messages/${messageId}`, { topic: "renamed by an outsider" }));
  },
);

behaviour(
  "fl354.messages.content-access-edit",
  "before FL354 a content-access group member cannot edit in the private channel",
  { id: "fl354.messages.content-access-edit#before-fl354-a-content-access-group-member-cannot-edit-in-the-private-channel", gate: "before" },
  async (t) => {
    const { messageId } = await setup(t);
    refused(t, await outsider(t).patch(`/messages/${messageId}`, { topic: "moved elsewhere" }), "PATCH /messages/{message_id}");
  },
);

const OCTOPUS = { emoji_name: "octopus" };

behaviour(
  "fl354.messages.content-access-reactions",
  "a content-access group member adds and removes reactions in the private channel",
  { id: "fl354.messages.content-access-reactions#a-content-access-group-member-adds-and-removes-reactions-in-the-private-channel" },
  async (t) => {
    const { messageId } = await setup(t);
    t.expect.success(await outsider(t).post(`/messages/${messageId}/reactions`, OCTOPUS));
    t.expect.success(await outsider(t).delete(`/messages/${messageId}/reactions`, OCTOPUS));
  },
);

behaviour(
  "fl354.messages.content-access-reactions",
  "before FL354 reactions are refused",
  { id: "fl354.messages.content-access-reactions#before-fl354-reactions-are-refused", gate: "before" },
  async (t) => {
    const { messageId } = await setup(t);
    refused(t, await outsider(t).post(`/messages/${messageId}/reactions`, OCTOPUS), "POST /messages/{message_id}/reactions");
  },
);

/** A poll the member starts on its message, so others may add submessages (votes). */
async function withWidget(t: TestContext, messageId: number): Promise<void> {
  await t.must(
    "start a widget",
    t.api("member").post("/submessage", {
      message_id: messageId,
      msg_type: "widget",
      content: JSON.stringify({ widget_type: "poll", extra_data: { question: "?", options: ["a"] } }),
    }),
  );
}
const vote = (t: TestContext, messageId: number) =>
  outsider(t).post("/submessage", { message_id: messageId, msg_type: "widget", content: JSON.stringify({ type: "vote", key: "canned,0", vote: 1 }) });

behaviour(
  "fl354.messages.content-access-submessage",
  "a content-access group member interacts with a widget in the private channel",
  { id: "fl354.messages.content-access-submessage#a-content-access-group-member-interacts-with-a-widget-in-the-private-channel" },
  async (t) => {
    const { messageId } = await setup(t);
    await withWidget(t, messageId);
    t.expect.success(await vote(t, messageId));
  },
);

behaviour(
  "fl354.messages.content-access-submessage",
  "before FL354 POST /submessage is refused",
  { id: "fl354.messages.content-access-submessage#before-fl354-post-submessage-is-refused", gate: "before" },
  async (t) => {
    const { messageId } = await setup(t);
    await withWidget(t, messageId);
    refused(t, await vote(t, messageId), "POST /submessage");
  },
);

/** Edit typing at the level's path: POST /message_edit_typing (FL351–FL360) or POST /messages/{message_id}/typing (FL361). */
const editTyping = (t: TestContext, id: number) =>
  t.fl.atLeast(361) ? outsider(t).post(`/messages/${id}/typing`, { op: "start" }) : outsider(t).post("/message_edit_typing", { message_id: id, op: "start" });

behaviour(
  ["fl354.messages.content-access-edit-typing", "fl351.messages.edit-typing-endpoint", "fl361.messages.edit-typing-path"],
  "a content-access group member sends edit-typing notifications in the private channel",
  { id: "fl354.messages.content-access-edit-typing#a-content-access-group-member-sends-edit-typing-notifications-in-the-private-channel" },
  async (t) => {
    const { messageId } = await setup(t);
    t.expect.success(await editTyping(t, messageId));
  },
);

behaviour(
  ["fl354.messages.content-access-edit-typing", "fl351.messages.edit-typing-endpoint", "fl361.messages.edit-typing-path"],
  "before FL354 edit-typing notifications are refused (from FL351, where the endpoint exists)",
  { id: "fl354.messages.content-access-edit-typing#before-fl354-edit-typing-notifications-are-refused-from-fl351-where-the-endpoint-exists", gate: "before" },
  async (t) => {
    const { messageId } = await setup(t);
    if (!t.fl.atLeast(351)) return;
    refused(t, await editTyping(t, messageId), "edit typing");
  },
);
