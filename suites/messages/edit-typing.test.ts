import { eventOf } from "../../src/client/events.ts";
import type { ApiResponse } from "../../src/client/client.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { TypingEditMessageEvent } from "../../src/schemas/events/typing-edit-message.ts";
import { eventsThrough, registerWith } from "../support/events.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });

/** The FL351–FL360 endpoint: POST /message_edit_typing with message_id in the body. */
const viaBody = (t: TestContext, id: number, op: string) => t.api("member").post("/message_edit_typing", { message_id: id, op });
/** The FL361 endpoint: POST /messages/{message_id}/typing. */
const viaPath = (t: TestContext, id: number, op: string) => t.api("member").post(`/messages/${id}/typing`, { op });

/** An endpoint that does not exist: HTTP 404 (real servers answer an HTML page, the reference server a JSON error). */
function expectUnknown(t: TestContext, res: ApiResponse, what: string): void {
  t.expect.ok(res.status === 404, `HTTP 404 for ${what}, an endpoint this level does not have`, `HTTP ${res.status} ${res.text.slice(0, 200)}`, res.exchange);
}

const editing = (messageId: number, op: "start" | "stop") =>
  eventOf("typing_edit_message", (ev) => (ev.message_id === messageId ? null : `message ${String(ev.message_id)}`), op);

behaviour(
  ["fl351.messages.edit-typing-endpoint", "fl361.messages.edit-typing-path"],
  "edit typing is POST /message_edit_typing from FL351 to FL360 and POST /messages/{message_id}/typing from FL361",
  {
    id: "fl351.messages.edit-typing-endpoint#edit-typing-is-post-message-edit-typing-from-fl351-to-fl360-and-post-messages-message-id-typing-from-fl361",
    gate: "always",
  },
  async (t) => {
    const id = await sendDirect(t, "member", ["secondMember"], "to be edited");
    const body = await viaBody(t, id, "start");
    const path = await viaPath(t, id, "start");
    if (!t.fl.atLeast(351)) {
      expectUnknown(t, body, "POST /message_edit_typing");
      expectUnknown(t, path, "POST /messages/{message_id}/typing");
    } else if (!t.fl.atLeast(361)) {
      t.expect.success(body, "POST /message_edit_typing");
      expectUnknown(t, path, "POST /messages/{message_id}/typing");
      t.expect.error(await viaBody(t, 987654321, "start"), 400, "BAD_REQUEST");
      t.expect.error(await viaBody(t, id, "begin"), 400, "BAD_REQUEST");
    } else {
      t.expect.success(path, "POST /messages/{message_id}/typing");
      expectUnknown(t, body, "POST /message_edit_typing");
      t.expect.error(await viaPath(t, 987654321, "start"), 400, "BAD_REQUEST");
      t.expect.error(await viaPath(t, id, "begin"), 400, "BAD_REQUEST");
    }
  },
);

behaviour(
  ["fl351.messages.typing-edit-message-event", "fl361.messages.edit-typing-path"],
  "editing a message sends typing_edit_message start and stop with the editor, the message and its conversation",
  {
    id: "fl351.messages.typing-edit-message-event#editing-a-message-sends-typing-edit-message-start-and-stop-with-the-editor-the-message-and-its-conversation",
    alsoNeeds: ["administrator"],
  },
  async (t) => {
    const me = t.persona("member").userId;
    const other = t.persona("secondMember").userId;
    const channel = await freshChannel(t);
    const dm = await sendDirect(t, "member", ["secondMember"], "a direct message to edit");
    const inChannel = await sendToChannel(t, "member", channel, "edits", "a channel message to edit");
    const { queue } = await registerWith(t, "secondMember", ["typing_edit_message", "typing"], { stream_typing_notifications: true });
    const notify = (id: number, op: string) => (t.fl.atLeast(361) ? viaPath(t, id, op) : viaBody(t, id, op));
    t.expect.success(await notify(dm, "start"));
    // The marker: typing in this test's own channel, which no other test's typing can be mistaken for (direct
    // typing between the two personas is what typing.test.ts, running alongside, looks at).
    t.expect.success(await t.api("member").post("/typing", { type: "stream", op: "start", stream_id: channel.id, topic: "marker" }));
    const seen = await eventsThrough(
      queue,
      eventOf("typing", (e) => (e.stream_id === channel.id ? null : "another conversation"), "start"),
    );
    const start = seen.find((e) => editing(dm, "start").test(e) === null);
    t.expect.ok(
      start !== undefined,
      "a typing_edit_message/start event for the message (before a later typing event)",
      seen.map((e) => `${e.type}/${String(e.op)}`),
    );
    const ev = t.expect.schema(TypingEditMessageEvent, start, undefined, "the typing_edit_message event");
    t.expect.equal(ev.sender_id, me, "sender_id (the editor)");
    t.expect.equal(ev.recipient, { type: "direct", user_ids: [me, other].sort((a, b) => a - b) }, "recipient of a direct message");
    t.expect.success(await notify(inChannel, "stop"));
    const [stop] = await queue.until([editing(inChannel, "stop")]);
    const evc = t.expect.schema(TypingEditMessageEvent, stop, undefined, "the typing_edit_message event");
    t.expect.equal(evc.recipient, { type: "channel", channel_id: channel.id, topic: "edits" }, "recipient of a channel message");
  },
);

behaviour(
  "fl351.messages.typing-edit-message-event",
  "before FL351 there is no edit-typing notification at either path",
  { id: "fl351.messages.typing-edit-message-event#before-fl351-there-is-no-edit-typing-notification-at-either-path", gate: "before" },
  async (t) => {
    const id = await sendDirect(t, "member", ["secondMember"], "not editable-typing yet");
    expectUnknown(t, await viaBody(t, id, "start"), "POST /message_edit_typing");
    expectUnknown(t, await viaPath(t, id, "start"), "POST /messages/{message_id}/typing");
  },
);
