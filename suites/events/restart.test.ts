import { eventCheck, eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { RestartEvent, WebReloadClientEvent } from "../../src/schemas/events/restart.ts";
import { needControl } from "../support/control.ts";
import { eventsThrough } from "../support/events.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

// A restart (a deployment) is nothing an API can cause: the reference control makes one; on real servers these tests
// are not verifiable. A restart event on every queue disturbs no other test, so they run on the shared organization.

const QUEUE = { event_types: ["restart", "web_reload_client"], fetch_event_types: [] };

behaviour(
  "fl240.events.restart-no-immediate",
  "a restart event tells the new version and level; from FL240 without the immediate flag",
  { id: "fl240.events.restart-no-immediate#a-restart-event-tells-the-new-version-and-level-from-fl240-without-the-immediate-flag", gate: "always" },
  async (t) => {
    const control = needControl(t);
    const { queue } = await t.register("member", QUEUE);
    await control.restart();
    const [ev] = await queue.until([eventOf("restart")]);
    const restart = t.expect.schema(RestartEvent, ev, undefined, "the restart event");
    t.expect.equal(restart.chat_feature_level, t.target.featureLevel, "chat_feature_level of the restart event (the level after the restart)");
    // Before FL240 the flag is optional (the schema checks it is a boolean when sent); FL240 removed it.
    if (t.fl.atLeast(240)) t.expect.absent(ev!, "immediate");
  },
);

behaviour(
  "fl240.events.web-reload-client",
  "from FL240 a restart is followed by a web_reload_client event on every queue",
  {
    id: "fl240.events.web-reload-client#from-fl240-a-restart-is-followed-by-a-web-reload-client-event-on-every-queue",
    alsoNeeds: ["secondMember"],
    gate: "since",
  },
  async (t) => {
    const control = needControl(t);
    const queues = [(await t.register("member", QUEUE)).queue, (await t.register("secondMember", QUEUE)).queue];
    await control.restart();
    for (const queue of queues) {
      const [, reload] = await queue.until([eventOf("restart"), eventOf("web_reload_client")]);
      t.expect.schema(WebReloadClientEvent, reload, undefined, "the web_reload_client event");
    }
  },
);

behaviour(
  "fl240.events.web-reload-client",
  "before FL240 a restart sends no web_reload_client event",
  { id: "fl240.events.web-reload-client#before-fl240-a-restart-sends-no-web-reload-client-event", gate: "before" },
  async (t) => {
    const control = needControl(t);
    const { queue } = await t.register("member", QUEUE);
    // Two restarts: whatever followed the first comes before the second's restart event.
    await control.restart();
    await control.restart();
    let restarts = 0;
    const seen = await eventsThrough(
      queue,
      eventCheck("the second restart event", (ev) => (ev.type === "restart" && ++restarts === 2 ? null : "not the second restart")),
    );
    t.expect.equal(
      seen.filter((e) => e.type === "web_reload_client").map((e) => e.type),
      [],
      "web_reload_client events after a restart before FL240",
    );
  },
);
