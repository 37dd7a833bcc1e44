import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { AnyEvent } from "../../src/schemas/events/envelope.ts";
import { scheduledMessagesEventSchema } from "../../src/schemas/events/scheduled-messages.ts";
import { scheduledMessageSchema } from "../../src/schemas/scheduled-message.ts";
import { verifyAction } from "../../src/expect/state/verify-action.ts";
import { eventsThrough, registerWith } from "../support/events.ts";
import { sendDirect } from "../support/messages.ts";
import { editScheduled, LATER, schedule, scheduledList, secondsFromNow } from "../support/scheduled.ts";
import { deleteScheduledLater } from "../support/cleanup.ts";
import { z } from "zod";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });

/** An endpoint that does not exist: HTTP 404 (real servers answer an HTML page, the reference server a JSON error). */
async function expectNoScheduledMessages(t: TestContext): Promise<void> {
  for (const res of [
    await t.api("member").get("/scheduled_messages"),
    await t.api("member").post("/scheduled_messages", {
      type: "private",
      to: [t.persona("secondMember").userId],
      content: "x",
      scheduled_delivery_timestamp: secondsFromNow(LATER),
    }),
  ]) {
    t.expect.ok(res.status === 404, "HTTP 404: no scheduled-message endpoints at this level", `HTTP ${res.status} ${res.text.slice(0, 200)}`, res.exchange);
  }
}

/** The user's scheduled message with `id`, validated (with `failed` from FL181 when `withFailed`). */
async function listed(t: TestContext, id: number, withFailed: boolean) {
  const { list, res } = await scheduledList(t, "member");
  const all = t.expect.schema(z.array(scheduledMessageSchema(withFailed)), list, res.exchange, "scheduled_messages");
  return { found: all.filter((s) => s.scheduled_message_id === id), res };
}

const directLater = (t: TestContext, content: string) => ({
  type: "direct",
  to: [t.persona("secondMember").userId],
  content,
  scheduled_delivery_timestamp: secondsFromNow(LATER),
});

behaviour(
  "fl179.messages.scheduled-create",
  "POST /scheduled_messages creates channel and direct scheduled messages, listed by GET /scheduled_messages",
  {
    id: "fl179.messages.scheduled-create#post-scheduled-messages-creates-channel-and-direct-scheduled-messages-listed-by-get-scheduled-messages",
    alsoNeeds: ["administrator"],
  },
  async (t) => {
    const channel = await freshChannel(t);
    const when = secondsFromNow(LATER);
    const res = await t
      .api("member")
      .post("/scheduled_messages", { type: "stream", to: channel.id, topic: "later", content: "see you later", scheduled_delivery_timestamp: when });
    const id = t.expect.schema(z.number().int(), t.expect.success(res).scheduled_message_id, res.exchange, "scheduled_message_id");
    deleteScheduledLater(t, "member", id);
    const dm = await schedule(t, "member", { ...directLater(t, "a direct one"), scheduled_delivery_timestamp: when });
    const { list, res: got } = await scheduledList(t, "member");
    const byId = (want: number) =>
      (list as Array<Record<string, unknown>>)
        .filter((s) => s.scheduled_message_id === want)
        .map((s) => [s.type, s.to, s.topic, s.content, s.scheduled_delivery_timestamp]);
    t.expect.equal(
      byId(id),
      [["stream", channel.id, "later", "see you later", when]],
      "[type, to, topic, content, scheduled_delivery_timestamp] of the channel one",
      got.exchange,
    );
    t.expect.equal(
      byId(dm),
      [["private", [t.persona("secondMember").userId], undefined, "a direct one", when]],
      "[type, to, topic, content, scheduled_delivery_timestamp] of the direct one",
      got.exchange,
    );
  },
);

behaviour(
  [
    "fl179.messages.scheduled-create",
    "fl179.messages.scheduled-edit",
    "fl179.messages.scheduled-messages-event",
    "fl179.messages.scheduled-delivery",
    "fl179.messages.scheduled-bad-input",
  ],
  "before FL179 there are no scheduled-message endpoints",
  { id: "fl179.messages.scheduled-create#before-fl179-there-are-no-scheduled-message-endpoints", gate: "before" },
  async (t) => expectNoScheduledMessages(t),
);

behaviour(
  "fl179.messages.scheduled-edit",
  "a scheduled message is edited in place: same id, new content and topic",
  { id: "fl179.messages.scheduled-edit#a-scheduled-message-is-edited-in-place-same-id-new-content-and-topic", alsoNeeds: ["administrator"] },
  async (t) => {
    const channel = await freshChannel(t);
    // Contents of this test alone: the member's list also holds the scheduled messages of other tests and runs.
    const [first, better] = [`first words ${t.unique("s")}`, `better words ${t.unique("s")}`];
    const id = await schedule(t, "member", {
      type: "stream",
      to: channel.id,
      topic: "draft",
      content: first,
      scheduled_delivery_timestamp: secondsFromNow(LATER),
    });
    const when = secondsFromNow(LATER + 60);
    t.expect.success(await editScheduled(t, "member", id, { content: better, topic: "final", scheduled_delivery_timestamp: when }));
    const { list, res } = await scheduledList(t, "member");
    const mine = (list as Array<Record<string, unknown>>).filter((s) => s.scheduled_message_id === id);
    t.expect.equal(
      mine.map((s) => [s.content, s.topic, s.scheduled_delivery_timestamp]),
      [[better, "final", when]],
      "[content, topic, scheduled_delivery_timestamp] after the edit",
      res.exchange,
    );
    const total = (list as Array<Record<string, unknown>>).filter((s) => s.content === better || s.content === first);
    t.expect.equal(total.length, 1, "scheduled messages with the old or new content (an edit, not a second message)", res.exchange);
  },
);

behaviour(
  ["fl179.messages.scheduled-messages-event", "fl181.messages.scheduled-failed-field"],
  "creating, editing and deleting a scheduled message sends scheduled_messages add, update and remove to its owner",
  {
    id: "fl179.messages.scheduled-messages-event#creating-editing-and-deleting-a-scheduled-message-sends-scheduled-messages-add-update-and-remove-to-its-owner",
  },
  async (t) => {
    const schema = scheduledMessagesEventSchema(t.fl.atLeast(181));
    const { queue } = await registerWith(t, "member", ["scheduled_messages", "message"]);
    const id = await schedule(t, "member", directLater(t, "evented"));
    const marker = await sendDirect(t, "member", ["member"], `marker ${t.unique("m")}`);
    const about = (ev: AnyEvent) => {
      const ids = [ev.scheduled_message_id, (ev.scheduled_message as { scheduled_message_id?: unknown } | undefined)?.scheduled_message_id];
      for (const s of (ev.scheduled_messages as Array<{ scheduled_message_id?: unknown }> | undefined) ?? []) ids.push(s.scheduled_message_id);
      return ids.includes(id) ? null : "another scheduled message";
    };
    const seen = await eventsThrough(
      queue,
      eventOf("message", (ev) => ((ev.message as { id?: number }).id === marker ? null : "another message")),
    );
    const add = seen.find((ev) => eventOf("scheduled_messages", about, "add").test(ev) === null);
    t.expect.ok(
      add !== undefined,
      "a scheduled_messages/add event for it, before a message sent afterwards",
      seen.map((ev) => `${ev.type}/${String(ev.op)}`),
    );
    const added = t.expect.schema(schema, add, undefined, "the scheduled_messages/add event");
    t.expect.equal(
      added.op === "add" ? added.scheduled_messages.map((s) => [s.scheduled_message_id, s.content]) : [],
      [[id, "evented"]],
      "[scheduled_message_id, content] added",
    );
    t.expect.success(await editScheduled(t, "member", id, { content: "re-evented" }));
    const [update] = await queue.until([eventOf("scheduled_messages", about, "update")]);
    const updated = t.expect.schema(schema, update, undefined, "the scheduled_messages/update event");
    t.expect.equal(
      updated.op === "update" ? [updated.scheduled_message.scheduled_message_id, updated.scheduled_message.content] : [],
      [id, "re-evented"],
      "[scheduled_message_id, content] updated",
    );
    t.expect.success(await t.api("member").delete(`/scheduled_messages/${id}`));
    const [remove] = await queue.until([eventOf("scheduled_messages", about, "remove")]);
    t.expect.equal(
      t.expect.schema(schema, remove, undefined, "the scheduled_messages/remove event"),
      { id: remove!.id, type: "scheduled_messages", op: "remove", scheduled_message_id: id },
      "the remove event",
    );
    const { list, res } = await scheduledList(t, "member");
    t.expect.ok(
      !(list as Array<Record<string, unknown>>).some((s) => s.scheduled_message_id === id),
      `scheduled message ${id} gone after DELETE`,
      list,
      res.exchange,
    );
  },
);

behaviour(
  "fl179.register.scheduled-messages",
  "POST /register lists the user's undelivered scheduled messages",
  { id: "fl179.register.scheduled-messages#post-register-lists-the-user-s-undelivered-scheduled-messages" },
  async (t) => {
    const id = await schedule(t, "member", directLater(t, "in register"));
    const { body } = await t.register("member", { fetch_event_types: ["scheduled_messages"], event_types: ["heartbeat"] });
    const list = t.expect.schema(
      z.array(z.looseObject({ scheduled_message_id: z.number().int() })),
      t.expect.present(body, "scheduled_messages"),
      undefined,
      "scheduled_messages",
    );
    t.expect.ok(
      list.some((s) => s.scheduled_message_id === id),
      `scheduled message ${id} in register scheduled_messages`,
      list,
    );
  },
);

behaviour(
  "fl179.register.scheduled-messages",
  "before FL179 POST /register has no scheduled_messages",
  { id: "fl179.register.scheduled-messages#before-fl179-post-register-has-no-scheduled-messages", needs: ["member"], gate: "before" },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["scheduled_messages"], event_types: ["heartbeat"] });
    t.expect.absent(body, "scheduled_messages");
  },
);

behaviour(
  "fl181.messages.scheduled-failed-field",
  "scheduled message objects carry failed, false for one not yet tried",
  { id: "fl181.messages.scheduled-failed-field#scheduled-message-objects-carry-failed-false-for-one-not-yet-tried" },
  async (t) => {
    const id = await schedule(t, "member", directLater(t, "not failed"));
    const { found, res } = await listed(t, id, true);
    t.expect.equal(
      found.map((s) => s.failed),
      [false],
      "failed",
      res.exchange,
    );
  },
);

behaviour(
  ["fl181.messages.scheduled-failed-field", "fl179.messages.scheduled-create"],
  "before FL181 scheduled message objects have no failed field",
  { id: "fl181.messages.scheduled-failed-field#before-fl181-scheduled-message-objects-have-no-failed-field", gate: "before" },
  async (t) => {
    if (!t.fl.atLeast(179)) return expectNoScheduledMessages(t);
    const id = await schedule(t, "member", directLater(t, "no failed field"));
    const { found, res } = await listed(t, id, false);
    t.expect.equal(found.length, 1, `scheduled message ${id} listed`, res.exchange);
  },
);

behaviour(
  "fl179.messages.scheduled-bad-input",
  "bad or past delivery times and unknown scheduled messages are refused",
  { id: "fl179.messages.scheduled-bad-input#bad-or-past-delivery-times-and-unknown-scheduled-messages-are-refused" },
  async (t) => {
    const api = t.api("member");
    const base = { type: "direct", to: [t.persona("secondMember").userId], content: "bad input" };
    t.expect.error(await api.post("/scheduled_messages", { ...base, scheduled_delivery_timestamp: "tomorrow" }), 400, "BAD_REQUEST");
    t.expect.error(await api.post("/scheduled_messages", { ...base, scheduled_delivery_timestamp: secondsFromNow(-3600) }), 400, "BAD_REQUEST");
    t.expect.error(
      await api.post("/scheduled_messages", { type: "direct", content: "no recipients", scheduled_delivery_timestamp: secondsFromNow(LATER) }),
      400,
      ["REQUEST_VARIABLE_MISSING", "BAD_REQUEST"],
    );
    t.expect.error(await api.delete("/scheduled_messages/987654321"), 404, "BAD_REQUEST");
    t.expect.error(await editScheduled(t, "member", 987654321, { content: "x" }), 404, "BAD_REQUEST");
    const id = await schedule(t, "member", { ...base, scheduled_delivery_timestamp: secondsFromNow(LATER) });
    t.expect.error(await t.api("secondMember").delete(`/scheduled_messages/${id}`), 404, "BAD_REQUEST");
  },
);

behaviour(
  ["fl179.messages.scheduled-messages-event", "fl179.register.scheduled-messages", "fl153.events.state-consistency"],
  "register scheduled_messages plus the scheduled_messages events equals a fresh register",
  { id: "fl179.messages.scheduled-messages-event#register-scheduled-messages-plus-the-scheduled-messages-events-equals-a-fresh-register" },
  async (t) => {
    const to = [t.persona("member").userId];
    await verifyAction(t, "secondMember", { sections: ["scheduled_messages"], eventTypes: ["scheduled_messages"], expectEvents: 4 }, async () => {
      const kept = await schedule(t, "secondMember", { type: "direct", to, content: "kept", scheduled_delivery_timestamp: secondsFromNow(LATER) });
      const dropped = await schedule(t, "secondMember", { type: "direct", to, content: "dropped", scheduled_delivery_timestamp: secondsFromNow(LATER) });
      t.expect.success(await editScheduled(t, "secondMember", kept, { content: "kept, edited", scheduled_delivery_timestamp: secondsFromNow(LATER + 60) }));
      t.expect.success(await t.api("secondMember").delete(`/scheduled_messages/${dropped}`));
    });
  },
);
