import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { MessagesPage } from "../../src/schemas/message.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { freshChannel, type TestChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

async function page(t: TestContext, role: "member" | "secondMember", params: ParamMap) {
  const res = await t.api(role).get("/messages", params);
  return { page: t.expect.schema(MessagesPage, t.expect.success(res), res.exchange), res };
}

async function threeInTopic(t: TestContext): Promise<{ channel: TestChannel; ids: number[]; narrow: ParamMap["narrow"] }> {
  const channel = await freshChannel(t);
  const ids: number[] = [];
  for (const n of [1, 2, 3]) ids.push(await sendToChannel(t, "member", channel, "three", `message ${n}`));
  return {
    channel,
    ids,
    narrow: [
      { operator: "channel", operand: channel.id },
      { operator: "topic", operand: "three" },
    ],
  };
}

const idsOf = (p: { messages: Array<{ id: number }> }) => p.messages.map((m) => m.id);

behaviour(
  "fl153.messages.fetch-anchors",
  "anchors newest, oldest, first_unread and a message id, with the found_ flags",
  { id: "fl153.messages.fetch-anchors#anchors-newest-oldest-first-unread-and-a-message-id-with-the-found-flags", gate: "always" },
  async (t) => {
    const { ids, narrow } = await threeInTopic(t);
    const [a, b, c] = ids as [number, number, number];
    const newest = await page(t, "secondMember", { anchor: "newest", num_before: 5, num_after: 0, narrow });
    t.expect.equal(idsOf(newest.page), [a, b, c], "ids for anchor=newest", newest.res.exchange);
    t.expect.equal(
      [newest.page.found_newest, newest.page.found_oldest, newest.page.found_anchor],
      [true, true, false],
      "[found_newest, found_oldest, found_anchor] for anchor=newest",
      newest.res.exchange,
    );
    const oldest = await page(t, "secondMember", { anchor: "oldest", num_before: 0, num_after: 1, narrow });
    t.expect.equal(idsOf(oldest.page), [a], "ids for anchor=oldest, num_after=1", oldest.res.exchange);
    t.expect.equal(
      [oldest.page.found_oldest, oldest.page.found_newest],
      [true, false],
      "[found_oldest, found_newest] for anchor=oldest, num_after=1",
      oldest.res.exchange,
    );
    const middle = await page(t, "secondMember", { anchor: b, num_before: 1, num_after: 1, narrow });
    t.expect.equal(idsOf(middle.page), [a, b, c], "ids around the middle message", middle.res.exchange);
    t.expect.equal([middle.page.anchor, middle.page.found_anchor], [b, true], "[anchor, found_anchor] around the middle message", middle.res.exchange);
    const unread = await page(t, "secondMember", { anchor: "first_unread", num_before: 0, num_after: 0, narrow });
    t.expect.equal(unread.page.anchor, a, "anchor resolved from first_unread (all three unread for the recipient)", unread.res.exchange);
  },
);

behaviour(
  "fl153.messages.narrow-channel-topic",
  "a channel and topic narrow returns only that topic's messages",
  { id: "fl153.messages.narrow-channel-topic#a-channel-and-topic-narrow-returns-only-that-topic-s-messages", gate: "always" },
  async (t) => {
    const { channel, ids, narrow } = await threeInTopic(t);
    await sendToChannel(t, "member", channel, "another topic", "elsewhere");
    const p = await page(t, "member", { anchor: "newest", num_before: 10, num_after: 0, narrow });
    t.expect.equal(idsOf(p.page), ids, "ids in the topic", p.res.exchange);
    const whole = await page(t, "member", { anchor: "newest", num_before: 10, num_after: 0, narrow: [{ operator: "channel", operand: channel.name }] });
    t.expect.equal(whole.page.messages.length, 4, "messages in the channel (by name)", whole.res.exchange);
    const legacy = await page(t, "member", {
      anchor: "newest",
      num_before: 10,
      num_after: 0,
      narrow: [
        ["stream", channel.name],
        ["topic", "three"],
      ],
    });
    t.expect.equal(idsOf(legacy.page), ids, "ids for the legacy [operator, operand] pair form", legacy.res.exchange);
  },
);

behaviour(
  "fl153.messages.bad-narrow",
  "an unknown operator gets 400 BAD_NARROW; narrow text that is not JSON gets 400 BAD_REQUEST",
  {
    id: "fl153.messages.bad-narrow#an-unknown-operator-gets-400-bad-narrow-narrow-text-that-is-not-json-gets-400-bad-request",
    needs: ["member"],
    gate: "always",
    mutates: false,
  },
  async (t) => {
    const member = t.api("member");
    t.expect.error(
      await member.get("/messages", { anchor: "newest", num_before: 1, num_after: 0, narrow: [{ operator: "conformance-no-such-operator", operand: "x" }] }),
      400,
      "BAD_NARROW",
    );
    t.expect.error(await member.get("/messages", { anchor: "newest", num_before: 1, num_after: 0, narrow: "[{not json" }), 400, [
      "BAD_REQUEST",
      "INVALID_JSON",
    ]);
  },
);

behaviour(
  "fl153.messages.bad-anchor",
  "an anchor that is neither a keyword nor an integer gets 400 BAD_REQUEST",
  {
    id: "fl153.messages.bad-anchor#an-anchor-that-is-neither-a-keyword-nor-an-integer-gets-400-bad-request",
    needs: ["member"],
    gate: "always",
    mutates: false,
  },
  async (t) => {
    t.expect.error(await t.api("member").get("/messages", { anchor: "yesterday", num_before: 1, num_after: 0 }), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl155.messages.include-anchor",
  "include_anchor=false leaves the anchor message out",
  { id: "fl155.messages.include-anchor#include-anchor-false-leaves-the-anchor-message-out" },
  async (t) => {
    const { ids, narrow } = await threeInTopic(t);
    const p = await page(t, "member", { anchor: ids[1]!, num_before: 0, num_after: 5, include_anchor: false, narrow });
    t.expect.equal(idsOf(p.page), [ids[2]], "ids after the excluded anchor", p.res.exchange);
  },
);

behaviour(
  "fl155.messages.include-anchor",
  "before FL155 the anchor message is always included",
  { id: "fl155.messages.include-anchor#before-fl155-the-anchor-message-is-always-included", gate: "before" },
  async (t) => {
    const { ids, narrow } = await threeInTopic(t);
    const p = await page(t, "member", { anchor: ids[1]!, num_before: 0, num_after: 5, include_anchor: false, narrow });
    t.expect.equal(idsOf(p.page), [ids[1], ids[2]], "ids from the anchor on", p.res.exchange);
  },
);

behaviour(
  "fl177.messages.dm-narrow-filters",
  "the dm, dm-including and is:dm operators find direct messages",
  { id: "fl177.messages.dm-narrow-filters#the-dm-dm-including-and-is-dm-operators-find-direct-messages", needs: ["member", "secondMember"] },
  async (t) => {
    const id = await sendDirect(t, "member", ["secondMember"], `dm narrow ${t.unique("x")}`);
    const other = t.persona("secondMember");
    for (const narrow of [
      [{ operator: "dm", operand: [other.userId] }],
      [{ operator: "dm-including", operand: [other.userId] }],
      [{ operator: "is", operand: "dm" }],
    ]) {
      const p = await page(t, "member", { anchor: "newest", num_before: 50, num_after: 0, narrow });
      t.expect.ok(idsOf(p.page).includes(id), `message ${id} in the ${JSON.stringify(narrow)} narrow`, idsOf(p.page), p.res.exchange);
      t.expect.ok(
        p.page.messages.every((m) => m.type === "private"),
        "only direct messages",
        p.page.messages.map((m) => m.type),
        p.res.exchange,
      );
    }
  },
);

behaviour(
  "fl177.messages.dm-narrow-filters",
  "before FL177 the dm operator is unknown",
  { id: "fl177.messages.dm-narrow-filters#before-fl177-the-dm-operator-is-unknown", needs: ["member", "secondMember"], gate: "before", mutates: false },
  async (t) => {
    const res = await t
      .api("member")
      .get("/messages", { anchor: "newest", num_before: 1, num_after: 0, narrow: [{ operator: "dm", operand: [t.persona("secondMember").userId] }] });
    t.expect.error(res, 400, "BAD_NARROW");
  },
);

behaviour(
  "fl177.messages.legacy-dm-filters",
  "pm-with, group-pm-with and is:private still find direct messages",
  { id: "fl177.messages.legacy-dm-filters#pm-with-group-pm-with-and-is-private-still-find-direct-messages", needs: ["member", "secondMember"], gate: "always" },
  async (t) => {
    const id = await sendDirect(t, "member", ["secondMember"], `legacy narrow ${t.unique("x")}`);
    const other = t.persona("secondMember");
    for (const narrow of [
      [{ operator: "pm-with", operand: other.email }],
      [{ operator: "group-pm-with", operand: other.email }],
      [{ operator: "is", operand: "private" }],
    ]) {
      const p = await page(t, "member", { anchor: "newest", num_before: 50, num_after: 0, narrow });
      t.expect.ok(idsOf(p.page).includes(id), `message ${id} in the ${JSON.stringify(narrow)} narrow`, idsOf(p.page), p.res.exchange);
    }
  },
);
