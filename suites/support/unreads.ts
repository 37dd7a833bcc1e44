import { z } from "zod";
import type { TestContext } from "../../src/expect/context.ts";
import { UnreadMsgs } from "../../src/schemas/unread-msgs.ts";
import { UserTopic } from "../../src/schemas/user-topic.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import type { TestChannel } from "./channels.ts";

const Subscriptions = z.array(z.looseObject({ stream_id: z.number().int(), is_muted: z.boolean() }));

export interface UnreadState {
  unread: UnreadMsgs;
  userTopics: UserTopic[];
  mutedChannels: Set<number>;
}

/**
 * One POST /register holding unread_msgs, user_topics and the subscriptions (whose is_muted says which channels
 * are muted): one consistent snapshot, so counts can be checked while other tests send messages.
 */
export async function unreadState(t: TestContext, role: PersonaRole, capabilities: Record<string, boolean> = {}): Promise<UnreadState> {
  const { body } = await t.register(role, {
    event_types: ["heartbeat"],
    fetch_event_types: ["message", "update_message_flags", "user_topic", "subscription"],
    client_capabilities: { notification_settings_null: true, ...capabilities },
  });
  const unread = t.expect.schema(UnreadMsgs, body.unread_msgs, undefined, "unread_msgs");
  const userTopics = t.expect.schema(z.array(UserTopic), body.user_topics, undefined, "user_topics");
  const subs = t.expect.schema(Subscriptions, body.subscriptions, undefined, "subscriptions");
  return { unread, userTopics, mutedChannels: new Set(subs.filter((s) => s.is_muted).map((s) => s.stream_id)) };
}

/**
 * The count unread_msgs must have: every direct message, and the channel messages that are not muted. A topic
 * muted by the user is muted; a muted channel's topic is muted unless (from FL213, `liftByTopic`) the user
 * unmuted (2) or followed (3) it.
 */
export function expectedCount(s: UnreadState, liftByTopic: boolean): number {
  const policy = new Map(s.userTopics.map((u) => [`${u.stream_id}\0${u.topic_name.toLowerCase()}`, u.visibility_policy]));
  let count = 0;
  for (const p of s.unread.pms) count += p.unread_message_ids.length;
  for (const h of s.unread.huddles) count += h.unread_message_ids.length;
  for (const e of s.unread.streams) {
    const p = policy.get(`${e.stream_id}\0${e.topic.toLowerCase()}`) ?? 0;
    const muted = p === 1 || (s.mutedChannels.has(e.stream_id) && !(liftByTopic && (p === 2 || p === 3)));
    if (!muted) count += e.unread_message_ids.length;
  }
  return count;
}

/** The unread ids listed for a channel (all its topics). */
export function unreadInChannel(s: UnreadState, channel: TestChannel): number[] {
  return s.unread.streams
    .filter((e) => e.stream_id === channel.id)
    .flatMap((e) => e.unread_message_ids)
    .sort((a, b) => a - b);
}

/**
 * Mutes a channel for the persona (POST /users/me/subscriptions/properties), as a prerequisite; unmuted when the
 * test ends. Archived, a channel leaves register's subscriptions but its unread messages stay in unread_msgs:
 * muted, they would count for the server and not for any later run's reading of the snapshot.
 */
export async function muteChannel(t: TestContext, role: PersonaRole, channel: TestChannel): Promise<void> {
  const mute = (value: boolean) =>
    t.api(role).post("/users/me/subscriptions/properties", { subscription_data: [{ stream_id: channel.id, property: "is_muted", value }] });
  await t.must("mute the channel with POST /users/me/subscriptions/properties", mute(true));
  t.cleanup(`channel ${channel.id} unmuted for ${role}`, () => mute(false));
}

/** Sets the persona's visibility policy for a topic (POST /user_topics), as a prerequisite. */
export async function setTopicPolicy(t: TestContext, role: PersonaRole, channel: TestChannel, topic: string, policy: 0 | 1 | 2 | 3): Promise<void> {
  await t.must(
    `set visibility_policy ${policy} with POST /user_topics`,
    t.api(role).post("/user_topics", { stream_id: channel.id, topic, visibility_policy: policy }),
  );
}
