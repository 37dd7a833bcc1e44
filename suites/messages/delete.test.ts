import { defineSuite } from "../../src/expect/suite.ts";
import { DeleteMessageEvent } from "../../src/schemas/events/delete-message.ts";
import { deleteOk, deletionOf, messageEventOf, mustDelete, stillThere } from "../support/edits.ts";
import { eventsThrough, registerWith } from "../support/events.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

behaviour(
  "fl153.messages.delete-message",
  "a member deletes their own message but not another's; an administrator deletes any",
  { id: "fl153.messages.delete-message#a-member-deletes-their-own-message-but-not-another-s-an-administrator-deletes-any", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t, ["member", "secondMember", "administrator"]);
    const own = await sendToChannel(t, "member", channel, "deletions", "mine to delete");
    const theirs = await sendToChannel(t, "secondMember", channel, "deletions", "not the member's");
    t.expect.success(await deleteOk(t, "member", own));
    t.expect.equal(await stillThere(t, "secondMember", own), false, "the deleted message still fetchable");
    t.expect.error(await t.api("member").delete(`/messages/${theirs}`), 400, "BAD_REQUEST");
    t.expect.equal(await stillThere(t, "secondMember", theirs), true, "another user's message still fetchable after the refused deletion");
    t.expect.success(await deleteOk(t, "administrator", theirs));
    t.expect.equal(await stillThere(t, "secondMember", theirs), false, "the message the administrator deleted still fetchable");
    t.expect.error(await t.api("administrator").delete(`/messages/${theirs}`), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl153.messages.delete-message-event",
  "readers of a deleted channel or direct message get delete_message",
  { id: "fl153.messages.delete-message-event#readers-of-a-deleted-channel-or-direct-message-get-delete-message", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const reader = await registerWith(t, "secondMember", ["delete_message"], { bulk_message_deletion: true });
    const inChannel = await sendToChannel(t, "member", channel, "gone soon", "x");
    const direct = await sendDirect(t, "member", ["secondMember"], "gone soon too");
    await mustDelete(t, "member", inChannel);
    await mustDelete(t, "member", direct);
    const [a, b] = await reader.queue.until([deletionOf(inChannel), deletionOf(direct)]);
    const channelEvent = t.expect.schema(DeleteMessageEvent, a, undefined, "the channel message's delete_message event");
    t.expect.equal(
      [channelEvent.message_type, channelEvent.stream_id, channelEvent.topic],
      ["stream", channel.id, "gone soon"],
      "[message_type, stream_id, topic]",
    );
    const directEvent = t.expect.schema(DeleteMessageEvent, b, undefined, "the direct message's delete_message event");
    t.expect.equal(directEvent.message_type, "private", "message_type of the direct message's event");
  },
);

behaviour(
  "fl153.messages.delete-event-bulk-capability",
  "bulk_message_deletion clients get message_ids, the others message_id",
  { id: "fl153.messages.delete-event-bulk-capability#bulk-message-deletion-clients-get-message-ids-the-others-message-id", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const bulk = await registerWith(t, "secondMember", ["delete_message"], { bulk_message_deletion: true });
    const single = await registerWith(t, "secondMember", ["delete_message"], { bulk_message_deletion: false });
    const id = await sendToChannel(t, "member", channel, "forms", "x");
    await mustDelete(t, "member", id);
    const [b] = await bulk.queue.until([deletionOf(id)]);
    const [s] = await single.queue.until([deletionOf(id)]);
    const bulkEvent = t.expect.schema(DeleteMessageEvent, b, undefined, "the bulk client's event");
    t.expect.equal([bulkEvent.message_ids, bulkEvent.message_id], [[id], undefined], "[message_ids, message_id] for the bulk client");
    const singleEvent = t.expect.schema(DeleteMessageEvent, s, undefined, "the other client's event");
    t.expect.equal([singleEvent.message_id, singleEvent.message_ids], [id, undefined], "[message_id, message_ids] for the client without the capability");
  },
);

behaviour(
  "fl274.messages.delete-event-to-deleter",
  "an administrator who deletes a message of a channel they are not subscribed to gets delete_message",
  { id: "fl274.messages.delete-event-to-deleter#an-administrator-who-deletes-a-message-of-a-channel-they-are-not-subscribed-to-gets-delete-message" },
  async (t) => {
    const channel = await freshChannel(t);
    const admin = await registerWith(t, "administrator", ["delete_message"], { bulk_message_deletion: true });
    const id = await sendToChannel(t, "member", channel, "moderated", "to be removed");
    await mustDelete(t, "administrator", id);
    const [ev] = await admin.queue.until([deletionOf(id)]);
    t.expect.schema(DeleteMessageEvent, ev, undefined, "the deleting administrator's event");
  },
);

behaviour(
  "fl274.messages.delete-event-to-deleter",
  "before FL274 the unsubscribed deleting administrator gets no delete_message",
  { id: "fl274.messages.delete-event-to-deleter#before-fl274-the-unsubscribed-deleting-administrator-gets-no-delete-message", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const admin = await registerWith(t, "administrator", ["delete_message", "message"], { bulk_message_deletion: true });
    const id = await sendToChannel(t, "member", channel, "moderated", "to be removed");
    await mustDelete(t, "administrator", id);
    const marker = await sendDirect(t, "member", ["administrator"], "after the deletion");
    const seen = await eventsThrough(admin.queue, messageEventOf(marker));
    t.expect.ok(
      !seen.some((ev) => deletionOf(id).test(ev) === null),
      `no delete_message event for message ${id} before the marker message`,
      seen.map((ev) => ev.type),
    );
  },
);
