import { defineSuite } from "../../src/expect/suite.ts";
import { fullNameOf, setFlag } from "../support/flags.ts";
import { sendDirect, sendToChannel } from "../support/messages.ts";
import { expectedCount, muteChannel, setTopicPolicy, unreadInChannel, unreadState } from "../support/unreads.ts";
import { emptyTopicDisplayName } from "../support/realm.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

behaviour(
  ["fl153.register.unread-msgs", "fl213.register.unread-counts-followed-unmuted"],
  "unread_msgs groups unread messages by topic, one-on-one and group conversation, lists mentions, and counts them",
  {
    id: "fl153.register.unread-msgs#unread-msgs-groups-unread-messages-by-topic-one-on-one-and-group-conversation-lists-mentions-and-counts-them",
    needs: ["member", "secondMember", "moderator", "administrator"],
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const name = await fullNameOf(t, "secondMember");
    const plain = await sendToChannel(t, "member", channel, "unread topic", "plain");
    const mention = await sendToChannel(t, "member", channel, "unread topic", `hi @**${name}**`);
    const read = await sendToChannel(t, "member", channel, "read topic", "read soon");
    const direct = await sendDirect(t, "member", ["secondMember"], "one on one");
    const group = await sendDirect(t, "member", ["secondMember", "moderator"], "a group");
    await setFlag(t, "secondMember", [read], "add", "read");
    const s = await unreadState(t, "secondMember");
    const topic = s.unread.streams.find((e) => e.stream_id === channel.id && e.topic === "unread topic");
    t.expect.equal(topic?.unread_message_ids, [plain, mention], "unread_message_ids of the channel topic");
    t.expect.ok(!unreadInChannel(s, channel).includes(read), "the message marked read not listed", unreadInChannel(s, channel));
    const pm = s.unread.pms.find((p) => p.other_user_id === t.persona("member").userId);
    t.expect.ok(pm?.unread_message_ids.includes(direct) === true, `direct message ${direct} under other_user_id ${t.persona("member").userId}`, s.unread.pms);
    const groupKey = ["member", "secondMember", "moderator"]
      .map((r) => t.persona(r as "member").userId)
      .sort((a, b) => a - b)
      .join(",");
    const huddle = s.unread.huddles.find((h) => h.user_ids_string === groupKey);
    t.expect.ok(huddle?.unread_message_ids.includes(group) === true, `group message ${group} under user_ids_string ${groupKey}`, s.unread.huddles);
    t.expect.ok(s.unread.mentions.includes(mention) && !s.unread.mentions.includes(plain), `mentions to hold ${mention} and not ${plain}`, s.unread.mentions);
    t.expect.equal(s.unread.count, expectedCount(s, t.fl.atLeast(213)), "count (direct messages plus unmuted channel messages)");
    // A server used run after run gathers unread messages for the personas: only a user with fewer than the 50000
    // listed may be told that none are missing (with that many, the oldest may be left out).
    const listed = [...s.unread.pms, ...s.unread.huddles, ...s.unread.streams].reduce((n, e) => n + e.unread_message_ids.length, 0);
    if (listed < 50_000) t.expect.equal(s.unread.old_unreads_missing, false, `old_unreads_missing with ${listed} unread messages listed`);
  },
);

behaviour(
  "fl213.register.unread-counts-followed-unmuted",
  "in a muted channel an unmuted topic counts and lists its wildcard mentions from FL213; before, the channel's mute won",
  {
    id: "fl213.register.unread-counts-followed-unmuted#in-a-muted-channel-an-unmuted-topic-counts-and-lists-its-wildcard-mentions-from-fl213-before-the-channel-s-mute-won",
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    await muteChannel(t, "member", channel);
    await setTopicPolicy(t, "member", channel, "lifted", 2);
    const lifted = await sendToChannel(t, "secondMember", channel, "lifted", "@**all** in an unmuted topic");
    const muted = await sendToChannel(t, "secondMember", channel, "still muted", "@**all** in a muted topic");
    const s = await unreadState(t, "member");
    t.expect.equal(unreadInChannel(s, channel), [lifted, muted], "unread ids of the muted channel (listed even when muted)");
    t.expect.ok(!s.unread.mentions.includes(muted), `the muted topic's wildcard mention ${muted} not in mentions`, s.unread.mentions);
    const after213 = t.fl.atLeast(213);
    t.expect.ok(
      s.unread.mentions.includes(lifted) === after213,
      `the unmuted topic's wildcard mention ${lifted} ${after213 ? "in" : "not in"} mentions`,
      s.unread.mentions,
    );
    t.expect.equal(s.unread.count, expectedCount(s, after213), `count, with unmuted topics of muted channels ${after213 ? "counted" : "not counted"}`);
    t.expect.ok(expectedCount(s, true) !== expectedCount(s, false), "a snapshot where the two readings differ", s.unread.count);
  },
);

behaviour(
  "fl334.register.unread-msgs-topic-substitution",
  'unread_msgs names the empty topic by the display name without empty_topic_name, "" with it',
  { id: "fl334.register.unread-msgs-topic-substitution#unread-msgs-names-the-empty-topic-by-the-display-name-without-empty-topic-name-with-it" },
  async (t) => {
    const name = await emptyTopicDisplayName(t, "secondMember");
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "", "unread in the empty topic");
    for (const [caps, want] of [
      [{}, name],
      [{ empty_topic_name: true }, ""],
    ] as const) {
      const s = await unreadState(t, "secondMember", caps);
      const entry = s.unread.streams.find((e) => e.stream_id === channel.id);
      t.expect.equal([entry?.topic, entry?.unread_message_ids], [want, [id]], `[topic, unread_message_ids] with capabilities ${JSON.stringify(caps)}`);
    }
  },
);

behaviour(
  "fl334.register.unread-msgs-topic-substitution",
  "before FL334 unread_msgs carries topics as sent",
  { id: "fl334.register.unread-msgs-topic-substitution#before-fl334-unread-msgs-carries-topics-as-sent", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "as sent", "unread");
    const entry = (await unreadState(t, "secondMember")).unread.streams.find((e) => e.stream_id === channel.id);
    t.expect.equal([entry?.topic, entry?.unread_message_ids], ["as sent", [id]], "[topic, unread_message_ids]");
  },
);
