import { defineSuite } from "../../src/expect/suite.ts";
import { UpdateMessageResponse } from "../../src/schemas/attachment.ts";
import { UpdateMessageEvent } from "../../src/schemas/events/update-message.ts";
import { edit, editOk, mustEdit, readBack, updateOf } from "../support/edits.ts";
import { registerWith } from "../support/events.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

behaviour(
  "fl153.messages.edit-message",
  "the sender changes a message's content; readers get update_message with the old and new content",
  { id: "fl153.messages.edit-message#the-sender-changes-a-message-s-content-readers-get-update-message-with-the-old-and-new-content", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const reader = await registerWith(t, "secondMember", ["update_message"]);
    const id = await sendToChannel(t, "member", channel, "edits", "the first words");
    t.expect.success(await editOk(t, "member", id, { content: "the second words" }));
    const { message, res } = await readBack(t, "secondMember", id);
    t.expect.equal(message.content, "the second words", "content read back", res.exchange);
    const [raw] = await reader.queue.until([updateOf(id)]);
    const ev = t.expect.schema(UpdateMessageEvent, raw, undefined, "the update_message event");
    t.expect.equal([ev.orig_content, ev.content], ["the first words", "the second words"], "[orig_content, content]");
    t.expect.ok(ev.rendered_content?.includes("the second words") ?? false, "rendered_content holding the new words", ev.rendered_content);
    t.expect.equal([ev.user_id, ev.stream_id, ev.message_ids], [t.persona("member").userId, channel.id, [id]], "[user_id, stream_id, message_ids]");
    t.expect.ok(ev.propagate_mode === undefined && ev.orig_subject === undefined, "no move fields for a content edit", ev);
  },
);

behaviour(
  "fl153.messages.edit-message",
  "a direct message's content can be edited by its sender too",
  { id: "fl153.messages.edit-message#a-direct-message-s-content-can-be-edited-by-its-sender-too", needs: ["member", "secondMember"], gate: "always" },
  async (t) => {
    const reader = await registerWith(t, "secondMember", ["update_message"]);
    const id = await sendDirect(t, "member", ["secondMember"], "a direct draft");
    t.expect.success(await editOk(t, "member", id, { content: "a direct final" }));
    t.expect.equal((await readBack(t, "secondMember", id)).message.content, "a direct final", "content read back");
    const [raw] = await reader.queue.until([updateOf(id)]);
    const ev = t.expect.schema(UpdateMessageEvent, raw, undefined, "the update_message event");
    t.expect.equal([ev.orig_content, ev.content, ev.stream_id], ["a direct draft", "a direct final", undefined], "[orig_content, content, stream_id]");
  },
);

behaviour(
  "fl153.messages.edit-content-sender-only",
  "another member or an administrator cannot change a message's content",
  { id: "fl153.messages.edit-content-sender-only#another-member-or-an-administrator-cannot-change-a-message-s-content", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t, ["member", "secondMember", "administrator"]);
    const id = await sendToChannel(t, "member", channel, "mine", "written by the member");
    t.expect.error(await edit(t, "secondMember", id, { content: "rewritten by another member" }), 400, "BAD_REQUEST");
    t.expect.error(await edit(t, "administrator", id, { content: "rewritten by an administrator" }), 400, "BAD_REQUEST");
    t.expect.equal((await readBack(t, "member", id)).message.content, "written by the member", "content after the refused edits");
  },
);

behaviour(
  "fl153.messages.edit-bad-request",
  "bad edits get 400 BAD_REQUEST and change nothing",
  {
    id: "fl153.messages.edit-bad-request#bad-edits-get-400-bad-request-and-change-nothing",
    needs: ["member", "secondMember", "moderator", "administrator"],
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const other = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "bad input", "unchanged");
    const dm = await sendDirect(t, "member", ["secondMember"], "a private word");
    const cases: Array<[string, number, Parameters<typeof edit>[3], "member" | "moderator"]> = [
      ["an unknown message", 2_000_000_000, { content: "x" }, "member"],
      ["a direct message of other users", dm, { content: "x" }, "moderator"],
      ["no change at all", id, {}, "member"],
      ["the current topic again", id, { topic: "bad input" }, "member"],
      ["an unknown propagate_mode", id, { topic: "elsewhere", propagate_mode: "change_some" }, "member"],
      ["propagate_mode change_all with content only", id, { content: "y", propagate_mode: "change_all" }, "member"],
      ["content together with a channel", id, { content: "y", stream_id: other.id }, "member"],
      ["a topic for a direct message", dm, { topic: "dm topic" }, "member"],
      ["a channel for a direct message", dm, { stream_id: channel.id }, "member"],
    ];
    for (const [what, target, params, role] of cases) {
      const res = await edit(t, role, target, params);
      t.expect.ok(
        res.status === 400 && res.json?.code === "BAD_REQUEST",
        `HTTP 400 BAD_REQUEST for ${what}`,
        `HTTP ${res.status} ${res.text.slice(0, 200)}`,
        res.exchange,
      );
    }
    const { message } = await readBack(t, "member", id);
    t.expect.equal([message.content, message.subject], ["unchanged", "bad input"], "[content, subject] after the refused edits");
  },
);

behaviour(
  "fl153.messages.edit-history-array",
  "an edited message carries edit_history, newest record first; an unedited one none",
  { id: "fl153.messages.edit-history-array#an-edited-message-carries-edit-history-newest-record-first-an-unedited-one-none", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "history one", "before");
    const fresh = await readBack(t, "secondMember", id);
    t.expect.absent(fresh.message, "edit_history", fresh.res.exchange);
    await mustEdit(t, "member", id, { content: "after" });
    await mustEdit(t, "member", id, { topic: "history two" });
    const { message, res } = await readBack(t, "secondMember", id);
    const history = message.edit_history;
    t.expect.ok(Array.isArray(history) && history.length === 2, "edit_history with 2 records", history, res.exchange);
    const [newest, oldest] = history!;
    t.expect.equal([newest!.prev_topic, newest!.topic], ["history one", "history two"], "[prev_topic, topic] of the newest record", res.exchange);
    t.expect.equal(oldest!.prev_content, "before", "prev_content of the oldest record", res.exchange);
    t.expect.equal(newest!.user_id, t.persona("member").userId, "user_id of the newest record", res.exchange);
  },
);

behaviour(
  "fl285.messages.detached-uploads",
  "the edit response lists detached_uploads: files the new content no longer links",
  { id: "fl285.messages.detached-uploads#the-edit-response-lists-detached-uploads-files-the-new-content-no-longer-links" },
  async (t) => {
    const UPLOAD = `/user_uploads/2/ab/${t.unique("upload")}/notes.txt`;
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "uploads", `see [notes.txt](${UPLOAD})`);
    const res = await edit(t, "member", id, { content: "the file is gone" });
    const body = t.expect.schema(UpdateMessageResponse, t.expect.success(res), res.exchange);
    t.expect.present(body, "detached_uploads", res.exchange);
    // Real servers list only files the user really uploaded; the link above may name none.
    const paths = body.detached_uploads!.map((a) => a.path_id);
    t.expect.ok(
      paths.every((p) => UPLOAD.endsWith(p)),
      `detached uploads, if any, to be the unlinked ${UPLOAD}`,
      paths,
      res.exchange,
    );
    const again = await edit(t, "member", id, { content: "nothing linked at all" });
    t.expect.equal(
      t.expect.schema(UpdateMessageResponse, t.expect.success(again), again.exchange).detached_uploads,
      [],
      "detached_uploads when no link was removed",
      again.exchange,
    );
  },
);

behaviour(
  "fl285.messages.detached-uploads",
  "before FL285 the edit response has no detached_uploads",
  { id: "fl285.messages.detached-uploads#before-fl285-the-edit-response-has-no-detached-uploads", gate: "before" },
  async (t) => {
    const UPLOAD = `/user_uploads/2/ab/${t.unique("upload")}/notes.txt`;
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "uploads", `see [notes.txt](${UPLOAD})`);
    const res = await edit(t, "member", id, { content: "the file is gone" });
    t.expect.absent(t.expect.success(res), "detached_uploads", res.exchange);
  },
);
