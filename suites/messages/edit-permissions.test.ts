import { defineSuite } from "../../src/expect/suite.ts";
import { idPart } from "../../src/expect/id-part.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { deleteOk, edit, editOk, readBack, stillThere } from "../support/edits.ts";
import { sendToChannel } from "../support/messages.ts";
import { systemGroupId, withRealmSettings } from "../support/realm.ts";
import { deleteQueueLater } from "../support/cleanup.ts";
import { freshChannel, type TestChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["owner", "administrator", "member", "guest"], isolated: true });

/**
 * Who may move and delete messages, under organization settings changed for a few requests. Each change takes a
 * permission from guests only (or from no one), so that tests sharing the server are not touched.
 */

async function guestChannel(t: TestContext): Promise<TestChannel> {
  return freshChannel(t, ["member", "guest"]);
}

behaviour(
  "fl316.realm.can-move-messages-between-topics-group-enforced",
  "a guest outside can_move_messages_between_topics_group may not move topics; a member in it may",
  {
    id: "fl316.realm.can-move-messages-between-topics-group-enforced#a-guest-outside-can-move-messages-between-topics-group-may-not-move-topics-a-member-in-it-may",
  },
  async (t) => {
    const members = await systemGroupId(t, "role:members");
    const channel = await guestChannel(t);
    const id = await sendToChannel(t, "guest", channel, "guest topic", "x");
    await withRealmSettings(t, { can_move_messages_between_topics_group: { new: members } }, async (res) => {
      await t.given("set can_move_messages_between_topics_group with PATCH /realm", async () => t.expect.success(res));
      t.expect.error(await edit(t, "guest", id, { topic: "moved by the guest" }), 400, "BAD_REQUEST");
      t.expect.equal((await readBack(t, "member", id)).message.subject, "guest topic", "topic after the guest's refused move");
      t.expect.success(await editOk(t, "member", id, { topic: "moved by a member" }));
    });
  },
);

behaviour(
  "fl316.realm.can-move-messages-between-topics-group-enforced",
  "before FL316 can_move_messages_between_topics_group decides nothing: a guest allowed to move topics still may",
  {
    id: "fl316.realm.can-move-messages-between-topics-group-enforced#before-fl316-can-move-messages-between-topics-group-decides-nothing-a-guest-allowed-to-move-topics-still-may",
    gate: "before",
  },
  async (t) => {
    const channel = await guestChannel(t);
    const id = await sendToChannel(t, "guest", channel, "guest topic", "x");
    await t.must("a guest moves a topic under the default edit_topic_policy", editOk(t, "guest", id, { topic: "first move" }));
    await withRealmSettings(t, { can_move_messages_between_topics_group: { new: 1 } }, async () => {
      t.expect.success(await editOk(t, "guest", id, { topic: "second move" }));
    });
  },
);

behaviour(
  "fl159.messages.topic-edit-independent-of-message-editing",
  "with message editing turned off, a member still moves messages but cannot change content",
  {
    id: "fl159.messages.topic-edit-independent-of-message-editing#with-message-editing-turned-off-a-member-still-moves-messages-but-cannot-change-content",
    needs: ["owner", "administrator", "member", "secondMember"],
  },
  async (t) => {
    const channel = await freshChannel(t);
    const other = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "frozen", "fixed words");
    await withRealmSettings(t, { allow_message_editing: false }, async (res) => {
      await t.given("turn message editing off with PATCH /realm", async () => t.expect.success(res));
      t.expect.error(await edit(t, "member", id, { content: "new words" }), 400, "BAD_REQUEST");
      t.expect.success(await editOk(t, "member", id, { topic: "still movable" }));
      t.expect.success(await editOk(t, "member", id, { stream_id: other.id }));
    });
    const { message, res } = await readBack(t, "member", id);
    t.expect.equal(
      [message.content, message.subject, message.stream_id],
      ["fixed words", "still movable", other.id],
      "[content, subject, stream_id]",
      res.exchange,
    );
  },
);

behaviour(
  "fl159.messages.topic-edit-independent-of-message-editing",
  "before FL159 turning message editing off also stops moves",
  {
    id: "fl159.messages.topic-edit-independent-of-message-editing#before-fl159-turning-message-editing-off-also-stops-moves",
    needs: ["owner", "administrator", "member", "secondMember"],
    gate: "before",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "frozen", "fixed words");
    await withRealmSettings(t, { allow_message_editing: false }, async (res) => {
      await t.given("turn message editing off with PATCH /realm", async () => t.expect.success(res));
      t.expect.error(await edit(t, "member", id, { topic: "not movable" }), 400, "BAD_REQUEST");
    });
    t.expect.equal((await readBack(t, "member", id)).message.subject, "frozen", "topic after the refused move");
  },
);

behaviour(
  "fl291.realm.can-delete-own-message-group-enforced",
  "a guest outside can_delete_own_message_group may not delete their own message; a member in it may",
  { id: "fl291.realm.can-delete-own-message-group-enforced#a-guest-outside-can-delete-own-message-group-may-not-delete-their-own-message-a-member-in-it-may" },
  async (t) => {
    const members = await systemGroupId(t, "role:members");
    const channel = await guestChannel(t);
    const guests = await sendToChannel(t, "guest", channel, "deleting", "the guest's");
    const mine = await sendToChannel(t, "member", channel, "deleting", "the member's");
    await withRealmSettings(t, { can_delete_own_message_group: { new: members } }, async (res) => {
      await t.given("set can_delete_own_message_group with PATCH /realm", async () => t.expect.success(res));
      t.expect.error(await t.api("guest").delete(`/messages/${guests}`), 400, "BAD_REQUEST");
      t.expect.success(await deleteOk(t, "member", mine));
    });
    t.expect.equal(await stillThere(t, "member", guests), true, "the guest's message still there after the refused deletion");
  },
);

behaviour(
  "fl291.realm.can-delete-own-message-group-enforced",
  "before FL291 can_delete_own_message_group decides nothing: a member allowed to delete their messages still may",
  {
    id: "fl291.realm.can-delete-own-message-group-enforced#before-fl291-can-delete-own-message-group-decides-nothing-a-member-allowed-to-delete-their-messages-still-may",
    gate: "before",
  },
  async (t) => {
    const channel = await guestChannel(t);
    const first = await sendToChannel(t, "member", channel, "deleting", "one");
    const second = await sendToChannel(t, "member", channel, "deleting", "two");
    await t.must("a member deletes their own message under the default delete_own_message_policy", deleteOk(t, "member", first));
    await withRealmSettings(t, { can_delete_own_message_group: { new: 1 } }, async () => {
      t.expect.success(await deleteOk(t, "member", second));
    });
  },
);

/** FL159 added "Nobody" (6) to the two move policies: accepted and enforced from FL159 until the group settings replaced them. */
const NOBODY_POLICIES = [
  {
    clause: "fl159.realm.edit-topic-policy-nobody",
    setting: "edit_topic_policy",
    move: (_other: TestChannel) => ({ topic: "moved anyway" }),
    what: "move the topic",
  },
  {
    clause: "fl159.realm.move-between-streams-policy-nobody",
    setting: "move_messages_between_streams_policy",
    move: (other: TestChannel) => ({ stream_id: other.id }),
    what: "move to another channel",
  },
] as const;

/** realm_<setting> as the member's POST /register shows it (a prerequisite); its queue is deleted when the test ends. */
async function memberSees(t: TestContext, setting: string, what: string): Promise<unknown> {
  const body = await t.must(what, t.api("member").post("/register", { fetch_event_types: ["realm"], event_types: ["heartbeat"] }));
  deleteQueueLater(t, "member", body.queue_id);
  return body[`realm_${setting}`];
}

for (const p of NOBODY_POLICIES) {
  behaviour(
    p.clause,
    `${p.setting} accepts Nobody (6), after which not even an administrator may ${p.what}`,
    {
      id: `${p.clause}#${idPart(p.setting)}-accepts-nobody-6-after-which-not-even-an-administrator-may-${idPart(p.what)}`,
      needs: ["owner", "administrator", "member", "secondMember"],
    },
    async (t) => {
      const channel = await freshChannel(t, ["member", "secondMember", "administrator"]);
      const other = await freshChannel(t, ["member", "administrator"]);
      const id = await sendToChannel(t, "member", channel, "pinned", "x");
      await withRealmSettings(t, { [p.setting]: 6 }, async (res) => {
        t.expect.success(res, `PATCH /realm ${p.setting}=6`);
        t.expect.equal(await memberSees(t, p.setting, "read the setting back"), 6, `realm_${p.setting} in register`);
        t.expect.error(await edit(t, "member", id, p.move(other)), 400, "BAD_REQUEST");
        t.expect.error(await edit(t, "administrator", id, p.move(other)), 400, "BAD_REQUEST");
      });
      const { message, res } = await readBack(t, "member", id);
      t.expect.equal([message.subject, message.stream_id], ["pinned", channel.id], "[subject, stream_id] after the refused moves", res.exchange);
    },
  );

  behaviour(
    p.clause,
    `before FL159 ${p.setting} has no Nobody option: 6 is refused and the setting stays`,
    { id: `${p.clause}#before-fl159-${idPart(p.setting)}-has-no-nobody-option-6-is-refused-and-the-setting-stays`, needs: ["owner", "member"], gate: "before" },
    async (t) => {
      const before = await memberSees(t, p.setting, "read the setting");
      await withRealmSettings(t, { [p.setting]: 6 }, async (res) => {
        t.expect.error(res, 400, "BAD_REQUEST");
        const after = await memberSees(t, p.setting, "read the setting again");
        t.expect.equal(after, before, `realm_${p.setting} after the refused change`);
      });
    },
  );
}
