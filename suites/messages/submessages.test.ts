import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { SubmessageEvent } from "../../src/schemas/events/submessage.ts";
import { Message } from "../../src/schemas/message.ts";
import { Submessage } from "../../src/schemas/submessage.ts";
import { registerWith } from "../support/events.ts";
import { sendDirect } from "../support/messages.ts";
import { z } from "zod";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });

/** A widget of no known kind: servers store it without checking poll or to-do rules. */
const WIDGET = JSON.stringify({ widget_type: "conformance", extra_data: { question: "Which?" } });
const ANSWER = JSON.stringify({ type: "answer", value: 42 });

behaviour(
  "fl153.messages.submessage",
  "POST /submessage attaches widget data that readers get as events and in the message object",
  { id: "fl153.messages.submessage#post-submessage-attaches-widget-data-that-readers-get-as-events-and-in-the-message-object", gate: "always" },
  async (t) => {
    const me = t.persona("member").userId;
    const id = await sendDirect(t, "member", ["secondMember"], "a message with a widget");
    const { queue } = await registerWith(t, "secondMember", ["submessage"]);
    const second = t.api("secondMember");
    t.expect.error(await second.post("/submessage", { message_id: id, msg_type: "widget", content: ANSWER }), 400, "BAD_REQUEST");
    t.expect.success(await t.api("member").post("/submessage", { message_id: id, msg_type: "widget", content: WIDGET }));
    const [ev] = await queue.until([eventOf("submessage", (e) => (e.message_id === id ? null : `message ${String(e.message_id)}`))]);
    const sub = t.expect.schema(SubmessageEvent, ev, undefined, "the submessage event");
    t.expect.equal([sub.sender_id, sub.msg_type, sub.content], [me, "widget", WIDGET], "[sender_id, msg_type, content]");
    t.expect.success(await second.post("/submessage", { message_id: id, msg_type: "widget", content: ANSWER }));
    const res = await second.get(`/messages/${id}`);
    const message = t.expect.schema(Message, t.expect.success(res).message, res.exchange, "message");
    const subs = t.expect.schema(z.array(Submessage), message.submessages, res.exchange, "submessages");
    t.expect.equal(
      subs.map((s) => [s.sender_id, s.content]),
      [
        [me, WIDGET],
        [t.persona("secondMember").userId, ANSWER],
      ],
      "[sender_id, content] of the submessages, in order",
      res.exchange,
    );
    t.expect.equal(subs[0]!.id, sub.submessage_id, "id of the first submessage (the event's submessage_id)", res.exchange);
  },
);

behaviour(
  "fl153.messages.submessage",
  "content that is not JSON and unknown messages are refused with BAD_REQUEST",
  { id: "fl153.messages.submessage#content-that-is-not-json-and-unknown-messages-are-refused-with-bad-request", gate: "always" },
  async (t) => {
    const id = await sendDirect(t, "member", ["secondMember"], "no widget here");
    t.expect.error(await t.api("member").post("/submessage", { message_id: id, msg_type: "widget", content: "{not json" }), 400, "BAD_REQUEST");
    t.expect.error(await t.api("member").post("/submessage", { message_id: 987654321, msg_type: "widget", content: WIDGET }), 400, "BAD_REQUEST");
  },
);
