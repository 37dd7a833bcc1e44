import type { UnreadDetail } from "../../events/update-message-flags.ts";
import type { Runtime } from "../../runtime.ts";
import type { Message } from "../../state/types.ts";
import { topicFor } from "./topic.ts";

/** Real servers cover the newest 50000 unread messages (wire §8.4). */
export const MAX_UNREAD_MESSAGES = 50_000;

/**
 * Whether a channel message is muted for the user (muted topic, or muted channel). From FL213 an unmuted or
 * followed topic lifts the channel's mute (fl213.register.unread-counts-followed-unmuted); before, it did not.
 */
export function isMutedFor(rt: Runtime, userId: number, m: Message): boolean {
  if (m.type !== "stream" || m.channelId === null) return false;
  return rt.store.userTopics.isMuted(userId, m.channelId, m.topic, rt.fl.has("unreadCountsUnmuteFollow"));
}

/** A direct mention always counts; a wildcard mention only outside muted conversations. */
export function isUnreadMention(rt: Runtime, userId: number, m: Message): boolean {
  const flags = rt.store.flagsOf(userId, m.id);
  if (flags?.has("mentioned")) return true;
  if (!flags?.has("wildcard_mentioned")) return false;
  return m.type !== "stream" || !isMutedFor(rt, userId, m);
}

/** The other participants of a direct message (none for a message to oneself). */
function othersIn(m: Message, userId: number): number[] {
  return m.dmUserIds.filter((id) => id !== userId);
}

/** The message_details entry of an update_message_flags event that removes `read`. */
export function unreadDetail(rt: Runtime, userId: number, m: Message): UnreadDetail {
  const mentioned = isUnreadMention(rt, userId, m);
  if (m.type === "stream") {
    return { type: "stream", mentioned, streamId: m.channelId!, topic: m.topic, unmutedStreamMsg: !isMutedFor(rt, userId, m) };
  }
  return { type: "private", mentioned, userIds: othersIn(m, userId) };
}

interface StreamEntry {
  stream_id: number;
  topic: string;
  unread_message_ids: number[];
}

/**
 * unread_msgs of POST /register (wire §13), from the user's unread index, newest 50000 only: count (direct
 * messages and unmuted channel messages), pms, streams (subscribed channels, muted ones too), huddles, mentions.
 * Topics get the empty-topic substitution (FL334) unless the client accepts the empty topic.
 */
export function unreadMsgs(rt: Runtime, userId: number, allowEmptyTopic: boolean): Record<string, unknown> {
  const { store } = rt;
  const unread = store.flags.unreadOf(userId);
  const first = Math.max(0, unread.length - MAX_UNREAD_MESSAGES);
  const substitute = !rt.faulty("fl334.register.unread-msgs-topic-substitution");
  const streams = new Map<string, StreamEntry>();
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  for (let i = first; i < unread.length; i++) {
    const m = store.messages.get(unread.at(i)!);
    if (!m) continue;
    if (m.type === "stream") {
      if (!store.isSubscribed(userId, m.channelId!)) continue;
      const topic = substitute ? topicFor(rt, m.topic, allowEmptyTopic) : m.topic;
      const key = `${m.channelId}\0${topic.toLowerCase()}`;
      const entry = streams.get(key) ?? { stream_id: m.channelId!, topic, unread_message_ids: [] };
      entry.unread_message_ids.push(m.id);
      streams.set(key, entry);
      if (!isMutedFor(rt, userId, m)) count++;
    } else {
      const others = othersIn(m, userId);
      if (others.length <= 1) pms.set(others[0] ?? userId, [...(pms.get(others[0] ?? userId) ?? []), m.id]);
      else huddles.set(m.dmUserIds.join(","), [...(huddles.get(m.dmUserIds.join(",")) ?? []), m.id]);
      count++;
    }
    if (isUnreadMention(rt, userId, m)) mentions.push(m.id);
  }
  if (rt.faulty("fl153.register.unread-msgs")) pms.clear();
  return {
    count,
    pms: [...pms].map(([other, ids]) => ({ other_user_id: other, sender_id: other, unread_message_ids: ids })),
    streams: [...streams.values()],
    huddles: [...huddles].map(([key, ids]) => ({ user_ids_string: key, unread_message_ids: ids })),
    mentions,
    old_unreads_missing: first > 0,
  };
}
