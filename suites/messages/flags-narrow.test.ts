import { defineSuite } from "../../src/expect/suite.ts";
import type { ApiResponse } from "../../src/client/client.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { FlagsNarrowResponse } from "../../src/schemas/message-flags.ts";
import { UpdateMessageFlagsEvent } from "../../src/schemas/events/update-message-flags.ts";
import { registerWith } from "../support/events.ts";
import { flagsEventAbout, flagsOf, setFlag } from "../support/flags.ts";
import { sendToChannel } from "../support/messages.ts";
import { freshChannel, type TestChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

/** Three messages in one topic and one in another, sent by member to a fresh channel. */
async function topicOfThree(t: TestContext): Promise<{ channel: TestChannel; ids: [number, number, number]; elsewhere: number }> {
  const channel = await freshChannel(t);
  const ids: number[] = [];
  for (const n of [1, 2, 3]) ids.push(await sendToChannel(t, "member", channel, "range", `message ${n}`));
  const elsewhere = await sendToChannel(t, "member", channel, "elsewhere", "not in the narrow");
  return { channel, ids: ids as [number, number, number], elsewhere };
}

const narrowOf = (channel: TestChannel, topic: string) => [
  { operator: "channel", operand: channel.id },
  { operator: "topic", operand: topic },
];

/** The counts, the first and last processed ids and the found_ flags of a POST /messages/flags/narrow response. */
function expectRange(t: TestContext, res: ApiResponse, want: [number, number, number, number, boolean, boolean], context: string): void {
  const body = t.expect.schema(FlagsNarrowResponse, t.expect.success(res), res.exchange);
  t.expect.equal(
    [body.processed_count, body.updated_count, body.first_processed_id, body.last_processed_id, body.found_oldest, body.found_newest],
    want,
    `[processed_count, updated_count, first_processed_id, last_processed_id, found_oldest, found_newest]${context}`,
    res.exchange,
  );
}

behaviour(
  ["fl155.messages.flags-narrow", "fl155.messages.flags-unchanged-not-listed"],
  "POST /messages/flags/narrow updates the range around the anchor and reports the counts, the ids and found_oldest/found_newest",
  {
    id: "fl155.messages.flags-narrow#post-messages-flags-narrow-updates-the-range-around-the-anchor-and-reports-the-counts-the-ids-and-found-oldest-found-newest",
  },
  async (t) => {
    const { channel, ids, elsewhere } = await topicOfThree(t);
    const [a, b, c] = ids;
    await setFlag(t, "secondMember", [a], "add", "read");
    const { queue } = await registerWith(t, "secondMember", ["update_message_flags"]);
    const second = t.api("secondMember");
    const res = await second.post("/messages/flags/narrow", {
      anchor: String(a),
      num_before: 0,
      num_after: 10,
      narrow: narrowOf(channel, "range"),
      op: "add",
      flag: "read",
    });
    expectRange(t, res, [3, 2, a, c, true, true], "");
    const [ev] = await queue.until([flagsEventAbout("add", "read", ids)]);
    t.expect.equal(
      [...t.expect.schema(UpdateMessageFlagsEvent, ev).messages].sort((x, y) => x - y),
      [b, c],
      "messages in the event (the two that changed)",
    );
    const untouched = await flagsOf(t, "secondMember", elsewhere);
    t.expect.ok(!untouched.includes("read"), "the message outside the narrow to stay unread", untouched);
    const last = await second.post("/messages/flags/narrow", {
      anchor: "newest",
      num_before: 1,
      num_after: 0,
      narrow: narrowOf(channel, "range"),
      op: "add",
      flag: "starred",
    });
    expectRange(t, last, [1, 1, c, c, false, true], " for anchor=newest, num_before=1");
  },
);

behaviour(
  "fl155.messages.flags-narrow",
  "an empty range gives zero counts and null ids; include_anchor=false leaves the anchor out",
  { id: "fl155.messages.flags-narrow#an-empty-range-gives-zero-counts-and-null-ids-include-anchor-false-leaves-the-anchor-out" },
  async (t) => {
    const { channel, ids } = await topicOfThree(t);
    const second = t.api("secondMember");
    const empty = await second.post("/messages/flags/narrow", {
      anchor: "oldest",
      num_before: 0,
      num_after: 5,
      narrow: narrowOf(channel, "no such topic"),
      op: "add",
      flag: "read",
    });
    const e = t.expect.schema(FlagsNarrowResponse, t.expect.success(empty), empty.exchange);
    t.expect.equal(
      [e.processed_count, e.updated_count, e.first_processed_id, e.last_processed_id],
      [0, 0, null, null],
      "[processed_count, updated_count, first_processed_id, last_processed_id] of an empty range",
      empty.exchange,
    );
    const res = await second.post("/messages/flags/narrow", {
      anchor: String(ids[0]),
      include_anchor: false,
      num_before: 0,
      num_after: 5,
      narrow: narrowOf(channel, "range"),
      op: "add",
      flag: "starred",
    });
    const body = t.expect.schema(FlagsNarrowResponse, t.expect.success(res), res.exchange);
    t.expect.equal([body.processed_count, body.first_processed_id], [2, ids[1]], "[processed_count, first_processed_id] without the anchor", res.exchange);
    const anchorFlags = await flagsOf(t, "secondMember", ids[0]);
    t.expect.ok(!anchorFlags.includes("starred"), "the excluded anchor message not starred", anchorFlags);
  },
);

behaviour(
  "fl155.messages.flags-narrow",
  "before FL155 POST /messages/flags/narrow does not exist (HTTP 404)",
  { id: "fl155.messages.flags-narrow#before-fl155-post-messages-flags-narrow-does-not-exist-http-404", needs: ["member"], gate: "before", mutates: false },
  async (t) => {
    const res = await t.api("member").post("/messages/flags/narrow", { anchor: "newest", num_before: 1, num_after: 0, narrow: [], op: "add", flag: "starred" });
    t.expect.ok(res.status === 404, "HTTP 404 (no such endpoint)", `HTTP ${res.status} ${res.text.slice(0, 200)}`, res.exchange);
  },
);

behaviour(
  ["fl355.messages.ignored-because-not-subscribed", "fl155.messages.flags-narrow"],
  "marking unread over a narrow skips channels the user is not subscribed to and names them",
  { id: "fl355.messages.ignored-because-not-subscribed#marking-unread-over-a-narrow-skips-channels-the-user-is-not-subscribed-to-and-names-them" },
  async (t) => {
    const channel = await freshChannel(t, ["member"]);
    const id = await sendToChannel(t, "member", channel, "outside", "never received by secondMember");
    await setFlag(t, "secondMember", [id], "add", "starred");
    const res = await t.api("secondMember").post("/messages/flags/narrow", {
      anchor: "oldest",
      num_before: 0,
      num_after: 10,
      narrow: [{ operator: "channel", operand: channel.id }],
      op: "remove",
      flag: "read",
    });
    const body = t.expect.schema(FlagsNarrowResponse, t.expect.success(res), res.exchange);
    t.expect.equal(
      [body.processed_count, body.updated_count, body.ignored_because_not_subscribed_channels],
      [1, 0, [channel.id]],
      "[processed_count, updated_count, ignored_because_not_subscribed_channels]",
      res.exchange,
    );
  },
);
