import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { edit, editOk, readBack } from "../support/edits.ts";
import { sendToChannel } from "../support/messages.ts";
import { withRealmSettings } from "../support/realm.ts";
import { isReferenceServer } from "../../src/target/target.ts";
import { UnverifiableError } from "../../src/expect/failure.ts";
import { needControl } from "../support/control.ts";
import { throwawayOrganization, type Throwaway } from "../support/throwaway.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["owner", "administrator", "moderator", "member", "secondMember"], isolated: true });

/**
 * The move time limits (FL162, FL172, FL159), seen once messages are older than a short limit: messages are sent,
 * they age past the limit, and only then is the limit set, for the few requests that look at it, so that tests
 * sharing the server (whose messages are fresh) are not touched. Real servers allow about 20 seconds past a limit.
 */
const LIMIT_SECONDS = 3;

/**
 * Runs the test where its messages can age: on a reference server with a control, in a throw-away organization
 * whose clock moves past the limit (a second more, for timestamps in whole seconds) instead of the test waiting;
 * the shared organization's clock must stay with the harness's, which other tests schedule messages by. Elsewhere,
 * or where the harness cannot reach a throw-away organization, the test waits the limit out on the shared one,
 * with the grace real servers allow.
 */
async function withAgeing(t: TestContext, body: (t: TestContext, pastLimit: () => Promise<void>) => Promise<void>): Promise<void> {
  const waitOut = () => {
    const slack = isReferenceServer(t.target) ? 1 : 21;
    return new Promise<void>((resolve) => setTimeout(resolve, (LIMIT_SECONDS + slack) * 1000 + 500));
  };
  if (t.target.serverConfig?.referenceControl === undefined) return body(t, waitOut);
  let org: Throwaway;
  try {
    org = await t.given("start a throw-away organization", () => throwawayOrganization(t));
  } catch (e) {
    if (e instanceof UnverifiableError) return body(t, waitOut);
    throw e;
  }
  try {
    const control = needControl(t, org.target);
    await body(t.on(org.target), () => control.advanceClock(LIMIT_SECONDS + 1));
  } finally {
    await org.close();
  }
}

const LIMITS = { move_messages_within_stream_limit_seconds: LIMIT_SECONDS, move_messages_between_streams_limit_seconds: LIMIT_SECONDS };

behaviour(
  [
    "fl162.messages.topic-edit-time-limit",
    "fl162.messages.move-channel-time-limit",
    "fl162.messages.move-limits-exempt-privileged",
    "fl159.messages.sender-topic-edit-limited",
    "fl172.messages.move-time-limit-exceeded",
    "fl172.messages.topic-edit-restrictions-no-topic",
  ],
  "past the move limits a member may not move even their own messages (change_all: MOVE_MESSAGES_TIME_LIMIT_EXCEEDED from FL172); moderators and administrators may",
  {
    id: "fl162.messages.topic-edit-time-limit#past-the-move-limits-a-member-may-not-move-even-their-own-messages-change-all-move-messages-time-limit-exceeded-from-fl172-moderators-and-administrators-may",
  },
  async (test) =>
    withAgeing(test, async (t, pastLimit) => {
      const from = await freshChannel(t);
      const to = await freshChannel(t);
      const topicOld = await sendToChannel(t, "member", from, "old topic", "x");
      const channelOld = await sendToChannel(t, "member", from, "old channel", "x");
      const noTopicOld = await sendToChannel(t, "member", from, "(no topic)", "x");
      const olderInTopic = await sendToChannel(t, "member", from, "mixed ages", "older");
      await pastLimit();
      const newerInTopic = await sendToChannel(t, "member", from, "mixed ages", "newer");
      await withRealmSettings(t, LIMITS, async (res) => {
        await t.given("set the move limits with PATCH /realm", async () => t.expect.success(res));
        t.expect.error(await edit(t, "member", topicOld, { topic: "too late" }), 400, "BAD_REQUEST");
        t.expect.error(await edit(t, "member", channelOld, { stream_id: to.id }), 400, "BAD_REQUEST");
        const noTopic = await edit(t, "member", noTopicOld, { topic: "a topic at last" });
        if (t.fl.atLeast(172)) t.expect.error(noTopic, 400, "BAD_REQUEST");
        else t.expect.success(noTopic);
        const all = await edit(t, "member", newerInTopic, { topic: "all of it", propagate_mode: "change_all" });
        if (t.fl.atLeast(172)) {
          const body = t.expect.error(all, 400, "MOVE_MESSAGES_TIME_LIMIT_EXCEEDED");
          const counts = [body.first_message_id_allowed_to_move, body.total_messages_in_topic, body.total_messages_allowed_to_move];
          t.expect.equal(
            counts,
            [newerInTopic, 2, 1],
            "[first_message_id_allowed_to_move, total_messages_in_topic, total_messages_allowed_to_move]",
            all.exchange,
          );
        } else {
          t.expect.success(all);
        }
        t.expect.success(await editOk(t, "moderator", topicOld, { topic: "moved by a moderator" }));
        t.expect.success(await editOk(t, "administrator", channelOld, { stream_id: to.id }));
      });
      const expectedOlder = t.fl.atLeast(172) ? "mixed ages" : "all of it";
      t.expect.equal((await readBack(t, "member", olderInTopic)).message.subject, expectedOlder, "topic of the older message after the change_all attempt");
    }),
);

behaviour(
  ["fl162.messages.topic-edit-time-limit", "fl162.messages.move-channel-time-limit"],
  "before FL162 there are no move limit settings: a member moves a message sent moments ago whatever PATCH /realm was sent",
  {
    id: "fl162.messages.topic-edit-time-limit#before-fl162-there-are-no-move-limit-settings-a-member-moves-a-message-sent-moments-ago-whatever-patch-realm-was-sent",
    needs: ["owner", "administrator", "member", "secondMember"],
    gate: "before",
  },
  async (test) =>
    withAgeing(test, async (t, pastLimit) => {
      const from = await freshChannel(t);
      const to = await freshChannel(t);
      const topicOld = await sendToChannel(t, "member", from, "old topic", "x");
      const channelOld = await sendToChannel(t, "member", from, "old channel", "x");
      await pastLimit();
      await withRealmSettings(t, LIMITS, async () => {
        t.expect.success(await editOk(t, "member", topicOld, { topic: "not too late" }));
        t.expect.success(await editOk(t, "member", channelOld, { stream_id: to.id }));
      });
    }),
);
