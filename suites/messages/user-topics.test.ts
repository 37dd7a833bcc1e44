import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { UserTopicEvent } from "../../src/schemas/events/user-topic.ts";
import { registerWith } from "../support/events.ts";
import { setTopicPolicy, unreadState } from "../support/unreads.ts";
import { emptyTopicDisplayName } from "../support/realm.ts";
import { freshChannel, type TestChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "administrator"] });

const userTopicIn = (channel: TestChannel) => eventOf("user_topic", (ev) => (ev.stream_id === channel.id ? null : `stream_id ${String(ev.stream_id)}`));

behaviour(
  ["fl153.messages.user-topic-visibility", "fl153.register.user-topics"],
  "POST /user_topics sets a topic's policy: a user_topic event, and register user_topics lists it until it is reset to 0",
  {
    id: "fl153.messages.user-topic-visibility#post-user-topics-sets-a-topic-s-policy-a-user-topic-event-and-register-user-topics-lists-it-until-it-is-reset-to-0",
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t, ["member"]);
    const { queue } = await registerWith(t, "member", ["user_topic"]);
    t.expect.success(await t.api("member").post("/user_topics", { stream_id: channel.id, topic: "quiet please", visibility_policy: 1 }));
    const [ev] = await queue.until([userTopicIn(channel)]);
    const event = t.expect.schema(UserTopicEvent, ev, undefined, "the user_topic event");
    t.expect.equal([event.topic_name, event.visibility_policy], ["quiet please", 1], "[topic_name, visibility_policy] of the event");
    const listed = (await unreadState(t, "member")).userTopics.find((u) => u.stream_id === channel.id);
    t.expect.equal([listed?.topic_name, listed?.visibility_policy], ["quiet please", 1], "[topic_name, visibility_policy] in register user_topics");
    await setTopicPolicy(t, "member", channel, "quiet please", 0);
    const [reset] = await queue.until([
      eventOf("user_topic", (e) => (e.stream_id === channel.id && e.visibility_policy === 0 ? null : `visibility_policy ${String(e.visibility_policy)}`)),
    ]);
    t.expect.schema(UserTopicEvent, reset, undefined, "the user_topic event of the reset");
    const after = (await unreadState(t, "member")).userTopics.filter((u) => u.stream_id === channel.id);
    t.expect.equal(after, [], "register user_topics for the channel after the reset");
  },
);

behaviour(
  "fl153.messages.user-topic-visibility",
  "an unknown channel or a visibility_policy outside 0..3 gets HTTP 400",
  { id: "fl153.messages.user-topic-visibility#an-unknown-channel-or-a-visibility-policy-outside-0-3-gets-http-400", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t, ["member"]);
    const member = t.api("member");
    t.expect.error(await member.post("/user_topics", { stream_id: 2_000_000_000, topic: "x", visibility_policy: 1 }), 400, [
      "BAD_REQUEST",
      "STREAM_DOES_NOT_EXIST",
    ]);
    t.expect.error(await member.post("/user_topics", { stream_id: channel.id, topic: "x", visibility_policy: 7 }), 400, "BAD_REQUEST");
  },
);

behaviour(
  ["fl334.messages.user-topic-event-substitution", "fl334.register.user-topics-topic-name-substitution"],
  'the empty topic\'s policy: topic_name is the display name without empty_topic_name, "" with it, in events and in register',
  {
    id: "fl334.messages.user-topic-event-substitution#the-empty-topic-s-policy-topic-name-is-the-display-name-without-empty-topic-name-with-it-in-events-and-in-register",
  },
  async (t) => {
    const name = await emptyTopicDisplayName(t, "member");
    const channel = await freshChannel(t, ["member"]);
    const plain = await registerWith(t, "member", ["user_topic"]);
    const capable = await registerWith(t, "member", ["user_topic"], { empty_topic_name: true });
    await setTopicPolicy(t, "member", channel, "", 1);
    const [without] = await plain.queue.until([userTopicIn(channel)]);
    const [withCap] = await capable.queue.until([userTopicIn(channel)]);
    t.expect.equal(t.expect.schema(UserTopicEvent, without).topic_name, name, "event topic_name without empty_topic_name");
    t.expect.equal(t.expect.schema(UserTopicEvent, withCap).topic_name, "", "event topic_name with empty_topic_name");
    for (const [caps, want] of [
      [{}, name],
      [{ empty_topic_name: true }, ""],
    ] as const) {
      const listed = (await unreadState(t, "member", caps)).userTopics.find((u) => u.stream_id === channel.id);
      t.expect.equal(listed?.topic_name, want, `register user_topics topic_name with capabilities ${JSON.stringify(caps)}`);
    }
  },
);

behaviour(
  ["fl334.messages.user-topic-event-substitution", "fl334.register.user-topics-topic-name-substitution"],
  "before FL334 user_topic events and register user_topics carry the topic as named",
  { id: "fl334.messages.user-topic-event-substitution#before-fl334-user-topic-events-and-register-user-topics-carry-the-topic-as-named", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t, ["member"]);
    const { queue } = await registerWith(t, "member", ["user_topic"]);
    await setTopicPolicy(t, "member", channel, "as named", 1);
    const [ev] = await queue.until([userTopicIn(channel)]);
    t.expect.equal(t.expect.schema(UserTopicEvent, ev).topic_name, "as named", "event topic_name");
    const listed = (await unreadState(t, "member")).userTopics.find((u) => u.stream_id === channel.id);
    t.expect.equal(listed?.topic_name, "as named", "register user_topics topic_name");
  },
);

behaviour(
  "fl218.messages.automatic-new-visibility-policy",
  "starting a topic (default settings) follows it: the response says automatic_new_visibility_policy, a second message does not",
  {
    id: "fl218.messages.automatic-new-visibility-policy#starting-a-topic-default-settings-follows-it-the-response-says-automatic-new-visibility-policy-a-second-message-does-not",
  },
  async (t) => {
    const channel = await freshChannel(t, ["member"]);
    const member = t.api("member");
    const first = await member.post("/messages", { type: "stream", to: channel.id, topic: "started here", content: "first" });
    const policy = t.expect.success(first).automatic_new_visibility_policy;
    t.expect.ok(policy === 2 || policy === 3, "automatic_new_visibility_policy 2 (unmuted) or 3 (followed)", policy, first.exchange);
    const listed = (await unreadState(t, "member")).userTopics.find((u) => u.stream_id === channel.id && u.topic_name === "started here");
    t.expect.equal(listed?.visibility_policy, policy, "the topic's policy in register user_topics");
    const second = await member.post("/messages", { type: "stream", to: channel.id, topic: "started here", content: "second" });
    t.expect.absent(t.expect.success(second), "automatic_new_visibility_policy", second.exchange);
  },
);

behaviour(
  "fl218.messages.automatic-new-visibility-policy",
  "before FL218 the send response has no automatic_new_visibility_policy",
  { id: "fl218.messages.automatic-new-visibility-policy#before-fl218-the-send-response-has-no-automatic-new-visibility-policy", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t, ["member"]);
    const res = await t.api("member").post("/messages", { type: "stream", to: channel.id, topic: "started here", content: "first" });
    t.expect.absent(t.expect.success(res), "automatic_new_visibility_policy", res.exchange);
  },
);
