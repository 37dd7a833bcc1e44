import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { verifyAction } from "../../src/expect/state/verify-action.ts";
import { AnyEvent } from "../../src/schemas/events/envelope.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });

behaviour(
  "fl153.events.envelope",
  "every event has an integer id that rises within the queue, and a type",
  { id: "fl153.events.envelope#every-event-has-an-integer-id-that-rises-within-the-queue-and-a-type", gate: "always" },
  async (t) => {
    const { queue } = await t.register("secondMember", { event_types: ["message"] });
    const marker = t.unique("envelope");
    for (const n of [1, 2, 3]) await sendDirect(t, "member", ["secondMember"], `${marker} ${n}`);
    const mine = (ev: AnyEvent, n: number) => ((ev.message as { content?: string }).content?.includes(`${marker} ${n}`) ? null : "another message");
    const events = await queue.until([1, 2, 3].map((n) => eventOf("message", (ev) => mine(ev, n))));
    for (const ev of events) t.expect.schema(AnyEvent, ev, undefined, "the event envelope");
    const ids = events.map((e) => e.id);
    t.expect.ok(ids[0]! < ids[1]! && ids[1]! < ids[2]!, "event ids rising in the order the messages were sent", ids);
  },
);

behaviour(
  "fl153.events.event-types-filter",
  "a queue registered for some event types receives no others",
  { id: "fl153.events.event-types-filter#a-queue-registered-for-some-event-types-receives-no-others", gate: "always" },
  async (t) => {
    const filtered = await t.register("secondMember", { event_types: ["realm"] });
    const all = await t.register("secondMember", { event_types: ["message"] });
    const content = `filter ${t.unique("x")}`;
    await sendDirect(t, "member", ["secondMember"], content);
    await all.queue.until([eventOf("message", (ev) => ((ev.message as { content?: string }).content?.includes(content) ? null : "another message"))]);
    const leaked = (await filtered.queue.pending()).filter((e) => e.type === "message");
    t.expect.equal(
      leaked.map((e) => e.type),
      [],
      "message events on a queue registered for realm events only",
    );
  },
);

behaviour(
  "fl153.events.state-consistency",
  "register state plus message events equals a fresh register (max_message_id, unread_msgs)",
  {
    id: "fl153.events.state-consistency#register-state-plus-message-events-equals-a-fresh-register-max-message-id-unread-msgs",
    alsoNeeds: ["administrator"],
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    await verifyAction(t, "secondMember", { sections: ["message", "update_message_flags"], eventTypes: ["message"], expectEvents: 3 }, async () => {
      await sendToChannel(t, "member", channel, "invariant", "one");
      await sendToChannel(t, "member", channel, "invariant", "two");
      await sendDirect(t, "member", ["secondMember"], "three");
    });
  },
);
