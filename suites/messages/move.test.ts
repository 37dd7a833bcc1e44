import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { UpdateMessageEvent } from "../../src/schemas/events/update-message.ts";
import { edit, editOk, mustEdit, readBack, updateOf } from "../support/edits.ts";
import { registerWith } from "../support/events.ts";
import { sendToChannel } from "../support/messages.ts";
import { freshChannel, type TestChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

/** The topic of each message, as the member reads it back. */
async function topicsOf(t: TestContext, ids: number[]): Promise<string[]> {
  const out: string[] = [];
  for (const id of ids) out.push((await readBack(t, "member", id)).message.subject);
  return out;
}

async function threeInTopic(t: TestContext, channel: TestChannel, topic: string): Promise<number[]> {
  const ids: number[] = [];
  for (const n of [1, 2, 3]) ids.push(await sendToChannel(t, "member", channel, topic, `message ${n}`));
  return ids;
}

behaviour(
  "fl153.messages.move-propagate-mode",
  "change_later, change_one and change_all move the later, the one and every message of the topic",
  { id: "fl153.messages.move-propagate-mode#change-later-change-one-and-change-all-move-the-later-the-one-and-every-message-of-the-topic", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const reader = await registerWith(t, "secondMember", ["update_message"]);
    const [a, b, c] = (await threeInTopic(t, channel, "origin")) as [number, number, number];
    t.expect.success(await editOk(t, "member", b, { topic: "later", propagate_mode: "change_later" }));
    const [raw] = await reader.queue.until([updateOf(b)]);
    const ev = t.expect.schema(UpdateMessageEvent, raw, undefined, "the update_message event of the change_later move");
    t.expect.equal(
      [ev.message_ids, ev.orig_subject, ev.subject, ev.propagate_mode],
      [[b, c], "origin", "later", "change_later"],
      "[message_ids, orig_subject, subject, propagate_mode]",
    );
    t.expect.equal([ev.stream_id, ev.new_stream_id], [channel.id, undefined], "[stream_id, new_stream_id] of a move within the channel");
    t.expect.equal(await topicsOf(t, [a, b, c]), ["origin", "later", "later"], "topics after change_later on the second message");
    t.expect.success(await editOk(t, "member", a, { topic: "alone", propagate_mode: "change_one" }));
    t.expect.equal(await topicsOf(t, [a, b, c]), ["alone", "later", "later"], "topics after change_one on the first message");
    t.expect.success(await editOk(t, "member", c, { topic: "together", propagate_mode: "change_all" }));
    t.expect.equal(await topicsOf(t, [a, b, c]), ["alone", "together", "together"], "topics after change_all on the last message");
  },
);

behaviour(
  "fl153.messages.edit-message",
  "a move to another channel reaches readers as update_message with stream_id and new_stream_id",
  { id: "fl153.messages.edit-message#a-move-to-another-channel-reaches-readers-as-update-message-with-stream-id-and-new-stream-id", gate: "always" },
  async (t) => {
    const from = await freshChannel(t);
    const to = await freshChannel(t);
    const reader = await registerWith(t, "secondMember", ["update_message"]);
    const id = await sendToChannel(t, "member", from, "travels", "moving house");
    t.expect.success(await editOk(t, "member", id, { stream_id: to.id }));
    const { message, res } = await readBack(t, "secondMember", id);
    t.expect.equal([message.stream_id, message.subject], [to.id, "travels"], "[stream_id, subject] read back", res.exchange);
    const [raw] = await reader.queue.until([updateOf(id)]);
    const ev = t.expect.schema(UpdateMessageEvent, raw, undefined, "the update_message event of the channel move");
    t.expect.equal(
      [ev.stream_id, ev.new_stream_id, ev.orig_subject, ev.propagate_mode],
      [from.id, to.id, "travels", "change_one"],
      "[stream_id, new_stream_id, orig_subject, propagate_mode]",
    );
    t.expect.ok(ev.subject === undefined, "no subject when the topic stays", ev.subject);
  },
);

behaviour(
  "fl153.messages.resolve-topic",
  "a topic is resolved by the ✔ prefix and unresolved by removing it",
  { id: "fl153.messages.resolve-topic#a-topic-is-resolved-by-the-prefix-and-unresolved-by-removing-it", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const ids = [
      await sendToChannel(t, "member", channel, "broken build", "it fails"),
      await sendToChannel(t, "secondMember", channel, "broken build", "fixed now"),
    ];
    t.expect.success(await editOk(t, "member", ids[1]!, { topic: "✔ broken build", propagate_mode: "change_all" }));
    t.expect.equal(await topicsOf(t, ids), ["✔ broken build", "✔ broken build"], "topics after resolving");
    t.expect.success(await editOk(t, "secondMember", ids[0]!, { topic: "broken build", propagate_mode: "change_all" }));
    t.expect.equal(await topicsOf(t, ids), ["broken build", "broken build"], "topics after unresolving");
  },
);

behaviour(
  "fl153.messages.edit-topic-truncated",
  "a new topic longer than max_topic_length is cut to it",
  { id: "fl153.messages.edit-topic-truncated#a-new-topic-longer-than-max-topic-length-is-cut-to-it", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "short", "x");
    const long = "a topic that goes on and on, well past the sixty characters a topic may have";
    t.expect.success(await editOk(t, "member", id, { topic: long }));
    const { message, res } = await readBack(t, "member", id);
    t.expect.ok(
      [...message.subject].length <= 60 && message.subject.startsWith(long.slice(0, 50)),
      "the topic cut to at most 60 characters",
      message.subject,
      res.exchange,
    );
  },
);

behaviour(
  "fl365.messages.last-moved-timestamp",
  "a moved message carries last_moved_timestamp",
  { id: "fl365.messages.last-moved-timestamp#a-moved-message-carries-last-moved-timestamp" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "before the move", "x");
    await mustEdit(t, "member", id, { topic: "after the move" });
    const { message, res } = await readBack(t, "secondMember", id);
    const ts = t.expect.present(message, "last_moved_timestamp", res.exchange);
    t.expect.ok(typeof ts === "number" && ts >= message.timestamp, "last_moved_timestamp no earlier than the message", ts, res.exchange);
  },
);

behaviour(
  "fl365.messages.last-moved-timestamp",
  "before FL365 a moved message has no last_moved_timestamp",
  { id: "fl365.messages.last-moved-timestamp#before-fl365-a-moved-message-has-no-last-moved-timestamp", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "before the move", "x");
    await mustEdit(t, "member", id, { topic: "after the move" });
    const { message, res } = await readBack(t, "secondMember", id);
    t.expect.absent(message, "last_moved_timestamp", res.exchange);
  },
);

behaviour(
  "fl365.messages.last-moved-not-for-resolve",
  "resolving or unresolving gives no last_moved_timestamp; a real move does",
  { id: "fl365.messages.last-moved-not-for-resolve#resolving-or-unresolving-gives-no-last-moved-timestamp-a-real-move-does" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "question", "x");
    await mustEdit(t, "member", id, { topic: "✔ question", propagate_mode: "change_all" });
    const resolved = await readBack(t, "secondMember", id);
    t.expect.absent(resolved.message, "last_moved_timestamp", resolved.res.exchange);
    await mustEdit(t, "member", id, { topic: "question", propagate_mode: "change_all" });
    const unresolved = await readBack(t, "secondMember", id);
    t.expect.absent(unresolved.message, "last_moved_timestamp", unresolved.res.exchange);
    await mustEdit(t, "member", id, { topic: "another question" });
    const moved = await readBack(t, "secondMember", id);
    t.expect.present(moved.message, "last_moved_timestamp", moved.res.exchange);
  },
);

behaviour(
  ["fl365.messages.last-moved-not-for-resolve", "fl153.messages.last-edit-timestamp-after-move"],
  "before FL365 resolving gives last_edit_timestamp and no last_moved_timestamp",
  { id: "fl365.messages.last-moved-not-for-resolve#before-fl365-resolving-gives-last-edit-timestamp-and-no-last-moved-timestamp", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "question", "x");
    await mustEdit(t, "member", id, { topic: "✔ question", propagate_mode: "change_all" });
    const { message, res } = await readBack(t, "secondMember", id);
    t.expect.absent(message, "last_moved_timestamp", res.exchange);
    t.expect.present(message, "last_edit_timestamp", res.exchange);
  },
);

behaviour(
  "fl365.messages.last-edit-timestamp-content-only",
  "a move alone gives no last_edit_timestamp; a content edit does",
  { id: "fl365.messages.last-edit-timestamp-content-only#a-move-alone-gives-no-last-edit-timestamp-a-content-edit-does" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "place one", "words");
    await mustEdit(t, "member", id, { topic: "place two" });
    const moved = await readBack(t, "secondMember", id);
    t.expect.absent(moved.message, "last_edit_timestamp", moved.res.exchange);
    await mustEdit(t, "member", id, { content: "other words" });
    const edited = await readBack(t, "secondMember", id);
    t.expect.present(edited.message, "last_edit_timestamp", edited.res.exchange);
  },
);

behaviour(
  "fl153.messages.last-edit-timestamp-after-move",
  "before FL365 a move alone gives last_edit_timestamp",
  { id: "fl153.messages.last-edit-timestamp-after-move#before-fl365-a-move-alone-gives-last-edit-timestamp" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "place one", "words");
    await mustEdit(t, "member", id, { topic: "place two" });
    const { message, res } = await readBack(t, "secondMember", id);
    const ts = t.expect.present(message, "last_edit_timestamp", res.exchange);
    t.expect.ok(typeof ts === "number" && ts >= message.timestamp, "last_edit_timestamp no earlier than the message", ts, res.exchange);
  },
);

/** Two channels with the guest and the member subscribed, and a message of each in the first. */
async function guestAndMemberMessages(t: TestContext) {
  const from = await freshChannel(t, ["member", "guest"]);
  const to = await freshChannel(t, ["member", "guest"]);
  const guestMessage = await sendToChannel(t, "guest", from, "guest topic", "from the guest");
  const memberMessage = await sendToChannel(t, "member", from, "member topic", "from the member");
  return { from, to, guestMessage, memberMessage };
}

behaviour(
  "fl310.realm.can-move-messages-between-channels-group-enforced",
  "by default (role:members) a guest may not move a message to another channel; a member may",
  {
    id: "fl310.realm.can-move-messages-between-channels-group-enforced#by-default-role-members-a-guest-may-not-move-a-message-to-another-channel-a-member-may",
    needs: ["member", "guest", "administrator"],
  },
  async (t) => {
    const { from, to, guestMessage, memberMessage } = await guestAndMemberMessages(t);
    t.expect.error(await edit(t, "guest", guestMessage, { stream_id: to.id }), 400, "BAD_REQUEST");
    t.expect.equal((await readBack(t, "member", guestMessage)).message.stream_id, from.id, "stream_id after the refused move");
    t.expect.success(await editOk(t, "member", memberMessage, { stream_id: to.id }));
    t.expect.equal((await readBack(t, "member", memberMessage)).message.stream_id, to.id, "stream_id after the member's move");
  },
);

behaviour(
  "fl310.realm.can-move-messages-between-channels-group-enforced",
  "before FL310 move_messages_between_streams_policy (default members) keeps a guest from moving messages between channels",
  {
    id: "fl310.realm.can-move-messages-between-channels-group-enforced#before-fl310-move-messages-between-streams-policy-default-members-keeps-a-guest-from-moving-messages-between-channels",
    needs: ["member", "guest", "administrator"],
    gate: "before",
  },
  async (t) => {
    const { from, to, guestMessage, memberMessage } = await guestAndMemberMessages(t);
    t.expect.error(await edit(t, "guest", guestMessage, { stream_id: to.id }), 400, "BAD_REQUEST");
    t.expect.equal((await readBack(t, "member", guestMessage)).message.stream_id, from.id, "stream_id after the refused move");
    t.expect.success(await editOk(t, "member", memberMessage, { stream_id: to.id }));
  },
);
