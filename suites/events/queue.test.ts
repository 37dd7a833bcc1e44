import { eventOf } from "../../src/client/events.ts";
import type { AnyEvent } from "../../src/schemas/events/envelope.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { HeartbeatEvent } from "../../src/schemas/events/heartbeat.ts";
import { MessageEvent } from "../../src/schemas/events/message.ts";
import { sendDirect } from "../support/messages.ts";
import { deleteQueueLater } from "../support/cleanup.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { needControl, onControlledThrowaway } from "../support/control.ts";
import { ownWatcher } from "../support/watch.ts";
import { longPollBudgetMs } from "../../src/target/target.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"], waiting: true });

behaviour(
  "fl153.events.long-poll",
  "a waiting GET /events answers with the event that arrives, with a rising id",
  { id: "fl153.events.long-poll#a-waiting-get-events-answers-with-the-event-that-arrives-with-a-rising-id", alsoNeeds: ["secondMember"], gate: "always" },
  async (t) => {
    const { queue } = await t.register("secondMember", { event_types: ["message"] });
    const budget = longPollBudgetMs(t.target);
    const waiting = t.api("secondMember").get("/events", { queue_id: queue.queueId, last_event_id: -1 }, { timeoutMs: budget });
    const id = await sendDirect(t, "member", ["secondMember"], "long-poll wake-up");
    const res = await waiting;
    const events = (t.expect.success(res).events ?? []) as AnyEvent[];
    // A blocking poll ends with events: the message, or a heartbeat when the message came after it was due.
    t.expect.ok(events.length > 0, "the poll that was waiting to end with the event that arrived (never an empty list)", events, res.exchange);
    const isIt = (ev: AnyEvent) => ((ev.message as { id?: number } | undefined)?.id === id ? null : "another message");
    const ev = events.find((e) => e.type === "message" && isIt(e) === null) ?? (await queue.until([eventOf("message", isIt)]))[0]!;
    t.expect.ok(ev.id >= 0, "an event id ≥ 0", ev.id);
  },
);

/**
 * A queue nothing else fills: registered for heartbeats alone (which every queue gets anyway). A queue of the
 * member's messages would get whatever other tests, or scheduled messages of earlier runs coming due, send it.
 */
const QUIET = { event_types: ["heartbeat"] };

behaviour(
  "fl153.events.dont-block",
  "GET /events with dont_block=true answers at once, with no events when none are queued",
  { id: "fl153.events.dont-block#get-events-with-dont-block-true-answers-at-once-with-no-events-when-none-are-queued", gate: "always" },
  async (t) => {
    const { body } = await t.register("member", QUIET);
    const started = Date.now();
    const res = await t.api("member").get("/events", { queue_id: String(body.queue_id), last_event_id: -1, dont_block: true }, { timeoutMs: 10_000 });
    t.expect.equal(t.expect.success(res).events, [], "events");
    t.expect.ok(Date.now() - started < 5_000, "an answer without waiting for a heartbeat", `${Date.now() - started} ms`, res.exchange);
  },
);

/** How soon a reference server's queue under test sends its heartbeat (the control's per-queue setting). */
const QUICK_HEARTBEAT_S = 2;

/**
 * The state invariant's watchers read with dont_block, so none ever waits into a heartbeat: this one does. It
 * watches the member of a throw-away organization, where nothing else happens, so that its long-poll stays idle
 * (on the shared organization other tests' events would end it first); the heartbeat is applied like any event
 * (it changes no register state) and the watcher's state compared, in the test's invariant record.
 */
async function watchedHeartbeat(t: TestContext): Promise<void> {
  await onControlledThrowaway(t, async (org, control) => {
    const watch = await ownWatcher(t, org.target, "member");
    await control.setQueueHeartbeat(watch.queueId, QUICK_HEARTBEAT_S);
    const events = await watch.poll((QUICK_HEARTBEAT_S + 10) * 1000);
    t.expect.ok(
      events.some((e) => e.type === "heartbeat"),
      "the watcher's idle long-poll to end with a heartbeat event",
      events,
    );
    await watch.check(t.exchanges);
  });
}

behaviour(
  "fl153.events.heartbeat",
  "an idle long-poll ends with a heartbeat event",
  { id: "fl153.events.heartbeat#an-idle-long-poll-ends-with-a-heartbeat-event", gate: "always" },
  async (t) => {
    const { queue } = await t.register("member", QUIET);
    // A reference server sends this queue's heartbeat after 2 s rather than its 50 s, as a real server would; any
    // other server is waited out.
    const quick = t.target.serverConfig?.referenceControl !== undefined ? QUICK_HEARTBEAT_S : undefined;
    if (quick !== undefined) await needControl(t).setQueueHeartbeat(queue.queueId, quick);
    const budget = quick !== undefined ? (quick + 10) * 1000 : longPollBudgetMs(t.target);
    const [res] = await Promise.all([
      t.api("member").get("/events", { queue_id: queue.queueId, last_event_id: -1 }, { timeoutMs: budget }),
      // Only where a control gives a throw-away organization and a quick heartbeat; side by side, so no longer.
      quick !== undefined ? watchedHeartbeat(t) : undefined,
    ]);
    const body = t.expect.success(res);
    t.expect.schema(HeartbeatEvent, (body.events as unknown[])[0], res.exchange, "the heartbeat event");
  },
);

behaviour(
  "fl153.events.bad-queue-id",
  "an unknown queue gets 400 BAD_EVENT_QUEUE_ID with the queue_id",
  { id: "fl153.events.bad-queue-id#an-unknown-queue-gets-400-bad-event-queue-id-with-the-queue-id", gate: "always", mutates: false },
  async (t) => {
    const res = await t.api("member").get("/events", { queue_id: "1:conformance-no-such-queue", last_event_id: -1 });
    const body = t.expect.error(res, 400, "BAD_EVENT_QUEUE_ID");
    t.expect.equal(body.queue_id, "1:conformance-no-such-queue", "queue_id", res.exchange);
  },
);

behaviour(
  "fl153.events.bad-queue-id",
  "another user's queue is as unknown as a queue that never existed",
  { id: "fl153.events.bad-queue-id#another-user-s-queue-is-as-unknown-as-a-queue-that-never-existed", alsoNeeds: ["secondMember"], gate: "always" },
  async (t) => {
    const { body } = await t.register("member", { event_types: ["message"] });
    t.expect.error(
      await t.api("secondMember").get("/events", { queue_id: String(body.queue_id), last_event_id: -1, dont_block: true }),
      400,
      "BAD_EVENT_QUEUE_ID",
    );
  },
);

behaviour(
  "fl153.events.delete-queue",
  "DELETE /events removes the queue; polling it then gets BAD_EVENT_QUEUE_ID",
  { id: "fl153.events.delete-queue#delete-events-removes-the-queue-polling-it-then-gets-bad-event-queue-id", gate: "always" },
  async (t) => {
    const member = t.api("member");
    const reg = t.expect.success(await member.post("/register", { event_types: ["message"] }));
    deleteQueueLater(t, member, reg.queue_id);
    t.expect.success(await member.delete("/events", { queue_id: String(reg.queue_id) }));
    t.expect.error(await member.get("/events", { queue_id: String(reg.queue_id), last_event_id: -1, dont_block: true }), 400, "BAD_EVENT_QUEUE_ID");
    t.expect.error(await member.delete("/events", { queue_id: String(reg.queue_id) }), 400, "BAD_EVENT_QUEUE_ID");
  },
);

behaviour(
  "fl153.events.message-event",
  "sender and recipients of a channel message get a message event; the recipient's copy is unread",
  {
    id: "fl153.events.message-event#sender-and-recipients-of-a-channel-message-get-a-message-event-the-recipient-s-copy-is-unread",
    alsoNeeds: ["secondMember", "administrator"],
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const sender = await t.register("member", { event_types: ["message"] });
    const recipient = await t.register("secondMember", { event_types: ["message"] });
    const content = `event for ${t.unique("m")}`;
    const res = await t.api("member").post("/messages", { type: "stream", to: channel.id, topic: "events", content });
    const id = t.expect.success(res).id;
    const isIt = (ev: AnyEvent) => ((ev.message as { id?: number }).id === id ? null : `message ${String((ev.message as { id?: number }).id)}`);
    const [mine] = await sender.queue.until([eventOf("message", isIt)]);
    const [theirs] = await recipient.queue.until([eventOf("message", isIt)]);
    const m = t.expect.schema(MessageEvent, mine, undefined, "the sender's message event");
    const r = t.expect.schema(MessageEvent, theirs, undefined, "the recipient's message event");
    t.expect.equal(m.message.id, r.message.id, "the message id in the sender's and the recipient's events");
    t.expect.ok(!r.flags.includes("read"), "the recipient's flags not to include read", r.flags);
    t.expect.equal(r.message.stream_id, channel.id, "message.stream_id");
    t.expect.equal(r.message.subject, "events", "message.subject");
  },
);
