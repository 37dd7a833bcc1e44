import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { ParamValue } from "../../src/client/encode.ts";
import { MatchesNarrowResponse } from "../../src/schemas/matches-narrow.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

async function matches(t: TestContext, ids: number[], narrow: ParamValue) {
  const res = await t.api("member").get("/messages/matches_narrow", { msg_ids: ids, narrow });
  return { messages: t.expect.schema(MatchesNarrowResponse, t.expect.success(res), res.exchange).messages, res };
}

const keys = (o: Record<string, unknown>) =>
  Object.keys(o)
    .map(Number)
    .sort((a, b) => a - b);

behaviour(
  "fl153.messages.matches-narrow",
  "matches_narrow returns only the given messages that match, with match_content and match_subject",
  { id: "fl153.messages.matches-narrow#matches-narrow-returns-only-the-given-messages-that-match-with-match-content-and-match-subject", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const fruit = await sendToChannel(t, "member", channel, "fruit", "apple pie");
    const veg = await sendToChannel(t, "member", channel, "veg", "carrot cake");
    const byTopic = await matches(
      t,
      [fruit, veg],
      [
        { operator: "channel", operand: channel.id },
        { operator: "topic", operand: "fruit" },
      ],
    );
    t.expect.equal(keys(byTopic.messages), [fruit], "ids matching the topic narrow", byTopic.res.exchange);
    const hit = byTopic.messages[String(fruit)]!;
    t.expect.equal(hit.match_subject, "fruit", "match_subject", byTopic.res.exchange);
    t.expect.ok(hit.match_content.includes("apple"), "match_content holding the rendered content", hit.match_content, byTopic.res.exchange);
    const bySearch = await matches(
      t,
      [fruit, veg],
      [
        { operator: "channel", operand: channel.id },
        { operator: "search", operand: "carrot" },
      ],
    );
    t.expect.equal(keys(bySearch.messages), [veg], "ids matching the search narrow", bySearch.res.exchange);
  },
);

behaviour(
  "fl177.messages.matches-narrow-dm-filters",
  "matches_narrow accepts dm, dm-including and is:dm",
  { id: "fl177.messages.matches-narrow-dm-filters#matches-narrow-accepts-dm-dm-including-and-is-dm" },
  async (t) => {
    const channel = await freshChannel(t);
    const direct = await sendDirect(t, "member", ["secondMember"], "a direct message");
    const inChannel = await sendToChannel(t, "member", channel, "not direct", "a channel message");
    const other = t.persona("secondMember").userId;
    for (const narrow of [[{ operator: "dm", operand: [other] }], [{ operator: "dm-including", operand: [other] }], [{ operator: "is", operand: "dm" }]]) {
      const { messages, res } = await matches(t, [direct, inChannel], narrow);
      t.expect.equal(keys(messages), [direct], `ids matching ${JSON.stringify(narrow)}`, res.exchange);
    }
  },
);

behaviour(
  "fl177.messages.matches-narrow-dm-filters",
  "before FL177 matches_narrow rejects the dm operator with BAD_NARROW",
  {
    id: "fl177.messages.matches-narrow-dm-filters#before-fl177-matches-narrow-rejects-the-dm-operator-with-bad-narrow",
    needs: ["member", "secondMember"],
    gate: "before",
  },
  async (t) => {
    const direct = await sendDirect(t, "member", ["secondMember"], "a direct message");
    const res = await t
      .api("member")
      .get("/messages/matches_narrow", { msg_ids: [direct], narrow: [{ operator: "dm", operand: [t.persona("secondMember").userId] }] });
    t.expect.error(res, 400, "BAD_NARROW");
  },
);
