import { defineSuite } from "../../src/expect/suite.ts";
import { DeleteMessageEvent } from "../../src/schemas/events/delete-message.ts";
import { UpdateMessageEvent } from "../../src/schemas/events/update-message.ts";
import { deletionOf, edit, editOk, mustDelete, updateOf } from "../support/edits.ts";
import { registerWith } from "../support/events.ts";
import { sendToChannel } from "../support/messages.ts";
import { emptyTopicDisplayName } from "../support/realm.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

/** update_message and delete_message events about the empty topic (FL334), seen by clients with and without empty_topic_name. */

behaviour(
  "fl334.messages.update-event-topic-substitution",
  "update_message orig_subject and subject name the empty topic by its display name unless the client has empty_topic_name",
  {
    id: "fl334.messages.update-event-topic-substitution#update-message-orig-subject-and-subject-name-the-empty-topic-by-its-display-name-unless-the-client-has-empty-topic-name",
  },
  async (t) => {
    const name = await emptyTopicDisplayName(t);
    const channel = await freshChannel(t);
    const plain = await registerWith(t, "secondMember", ["update_message"]);
    const capable = await registerWith(t, "secondMember", ["update_message"], { empty_topic_name: true });
    const id = await sendToChannel(t, "member", channel, "", "from the empty topic");
    t.expect.success(await editOk(t, "member", id, { topic: "a real topic" }));
    const [p1] = await plain.queue.until([updateOf(id)]);
    const [c1] = await capable.queue.until([updateOf(id)]);
    t.expect.equal(t.expect.schema(UpdateMessageEvent, p1).orig_subject, name, "orig_subject for a client without empty_topic_name");
    t.expect.equal(t.expect.schema(UpdateMessageEvent, c1).orig_subject, "", "orig_subject for a client with empty_topic_name");
    t.expect.success(await editOk(t, "member", id, { topic: "" }));
    const [p2] = await plain.queue.until([updateOf(id)]);
    const [c2] = await capable.queue.until([updateOf(id)]);
    t.expect.equal(t.expect.schema(UpdateMessageEvent, p2).subject, name, "subject for a client without empty_topic_name");
    t.expect.equal(t.expect.schema(UpdateMessageEvent, c2).subject, "", "subject for a client with empty_topic_name");
  },
);

behaviour(
  "fl334.messages.update-event-topic-substitution",
  "before FL334 a topic cannot be moved to the empty string, and events carry topics as they are",
  {
    id: "fl334.messages.update-event-topic-substitution#before-fl334-a-topic-cannot-be-moved-to-the-empty-string-and-events-carry-topics-as-they-are",
    gate: "before",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const reader = await registerWith(t, "secondMember", ["update_message"]);
    const id = await sendToChannel(t, "member", channel, "somewhere", "x");
    t.expect.error(await edit(t, "member", id, { topic: "" }), 400, "BAD_REQUEST");
    t.expect.success(await editOk(t, "member", id, { topic: "elsewhere" }));
    const ev = t.expect.schema(UpdateMessageEvent, (await reader.queue.until([updateOf(id)]))[0]);
    t.expect.equal([ev.orig_subject, ev.subject], ["somewhere", "elsewhere"], "[orig_subject, subject]");
  },
);

behaviour(
  "fl334.messages.delete-event-topic-substitution",
  "delete_message names the empty topic by its display name unless the client has empty_topic_name",
  { id: "fl334.messages.delete-event-topic-substitution#delete-message-names-the-empty-topic-by-its-display-name-unless-the-client-has-empty-topic-name" },
  async (t) => {
    const name = await emptyTopicDisplayName(t);
    const channel = await freshChannel(t);
    const plain = await registerWith(t, "secondMember", ["delete_message"], { bulk_message_deletion: true });
    const capable = await registerWith(t, "secondMember", ["delete_message"], { bulk_message_deletion: true, empty_topic_name: true });
    const id = await sendToChannel(t, "member", channel, "", "short-lived");
    await mustDelete(t, "member", id);
    const [p] = await plain.queue.until([deletionOf(id)]);
    const [c] = await capable.queue.until([deletionOf(id)]);
    t.expect.equal(t.expect.schema(DeleteMessageEvent, p).topic, name, "topic for a client without empty_topic_name");
    t.expect.equal(t.expect.schema(DeleteMessageEvent, c).topic, "", "topic for a client with empty_topic_name");
  },
);

behaviour(
  "fl334.messages.delete-event-topic-substitution",
  "before FL334 delete_message carries the topic as it was",
  { id: "fl334.messages.delete-event-topic-substitution#before-fl334-delete-message-carries-the-topic-as-it-was", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const reader = await registerWith(t, "secondMember", ["delete_message"], { bulk_message_deletion: true });
    const id = await sendToChannel(t, "member", channel, "short-lived topic", "x");
    await mustDelete(t, "member", id);
    t.expect.equal(t.expect.schema(DeleteMessageEvent, (await reader.queue.until([deletionOf(id)]))[0]).topic, "short-lived topic", "topic");
  },
);
