import { defineSuite } from "../../src/expect/suite.ts";
import { checkProperty } from "../support/property.ts";
import { COVERING_SCENARIO, scenarioArb, VIEWERS } from "./access/model.ts";
import { checkViews, play } from "./access/play.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "moderator", "member", "secondMember", "guest"] });

/** Random runs per level (after the fixed covering scenario): each creates up to three channels, plays up to ten steps and makes about 70 requests. */
export const MESSAGE_ACCESS_RUNS = 12;

behaviour(
  [
    "fl153.messages.access-private-channel",
    "fl153.messages.access-public-channel",
    "fl153.messages.access-received",
    "fl153.messages.access-direct-message",
    "fl153.messages.message-event-recipients",
    "fl153.channels.visible-channels",
    "fl333.channels.can-send-message-group-enforced",
    "fl354.messages.content-access-single",
  ],
  `property: across random channels, subscriptions, who-may-post and content-access groups, and messages, every persona reads, lists and is told exactly what it must (${MESSAGE_ACCESS_RUNS} runs)`,
  {
    id: "fl153.messages.access-private-channel#property-across-random-channels-subscriptions-who-may-post-and-content-access-groups-and-messages-every-persona-reads-lists-and-is-told-exactly-what-it-must-12-runs",
    needs: [...VIEWERS],
  },
  async (t) => {
    const rules = { sendGroups: t.fl.atLeast(333), contentGroups: t.fl.atLeast(354) };
    await checkProperty(scenarioArb, MESSAGE_ACCESS_RUNS, async (s) => checkViews(t, await play(t, s, rules)), [COVERING_SCENARIO]);
  },
);
