import type { Runtime } from "../../../runtime.ts";
import type { Message } from "../../../state/types.ts";
import type { SortedIds } from "../../../state/sorted-ids.ts";
import { topicFor } from "../../topic.ts";

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

/** What a client needs to put a message back into its unread_msgs when `read` is removed (wire §10). */
export interface UnreadDetail {
  type: "stream" | "private";
  mentioned: boolean;
  /** Channel messages. */
  streamId?: number;
  topic?: string;
  unmutedStreamMsg?: boolean;
  /** Direct messages: the other participants. */
  userIds?: number[];
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

/** A topic's entry of unread_msgs.streams, with its muting reckoned once for all its messages. */
interface TopicUnreads {
  entry: StreamEntry;
  muted: boolean;
}

/** The entries met so far: by the topic as the message spells it, and by the topic (case-insensitive), in order. */
interface Topics {
  bySpelling: Map<string, TopicUnreads>;
  byTopic: Map<string, TopicUnreads>;
}

/**
 * unread_msgs of POST /register (wire §13), newest 50000 only: count (direct messages and unmuted channel
 * messages), pms, streams (subscribed channels, muted ones too), huddles, mentions. Topics get the empty-topic
 * substitution (FL334) unless the client accepts the empty topic. Read from the user's unread groups (one per topic
 * and conversation, state/unread-places.ts): a group's first message says where it is, and subscription and muting
 * are looked up once per group, so an account with thousands of unread messages costs the number of its topics.
 */
export function unreadMsgs(rt: Runtime, userId: number, allowEmptyTopic: boolean): Record<string, unknown> {
  const { store } = rt;
  const unread = store.flags.unreadOf(userId);
  // Past the cap only the newest count, which cuts through groups: the messages are walked one by one.
  if (unread.length > MAX_UNREAD_MESSAGES) return unreadMsgsByMessage(rt, userId, allowEmptyTopic);
  const substitute = !rt.faulty("fl334.register.unread-msgs-topic-substitution");
  const subscribed = new Map<number, boolean>();
  const topics: Topics = { bySpelling: new Map(), byTopic: new Map() };
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  /** Entries that more than one group fed (a topic named like the empty topic's display name): sorted at the end. */
  const merged = new Set<number[]>();
  let count = 0;
  // Groups in the order of their oldest unread message, as a walk of the messages would meet them (each group's
  // oldest read once, not at every comparison of the sort).
  const groups: Array<{ first: number; ids: SortedIds }> = [];
  for (const ids of store.flags.places.of(userId).values()) if (ids.length > 0) groups.push({ first: ids.at(0)!, ids });
  groups.sort((a, b) => a.first - b.first);
  for (const { first, ids } of groups) {
    const m = store.messages.get(first);
    if (!m) continue;
    let list: number[];
    if (m.type === "stream") {
      // Each group is a place of its own (channel and topic, case aside): their spellings do not repeat, so the
      // memo of spellings would cost every group a key and a miss.
      const place = topicUnreads(rt, userId, m, subscribed, topics, substitute, allowEmptyTopic, false);
      if (!place) continue;
      list = place.entry.unread_message_ids;
      if (!place.muted) count += ids.length;
    } else {
      const others = othersIn(m, userId);
      list = others.length <= 1 ? listIn(pms, others[0] ?? userId) : listIn(huddles, m.dmUserIds.join(","));
      count += ids.length;
    }
    if (list.length) merged.add(list);
    ids.appendTo(list);
  }
  for (const list of merged) list.sort((a, b) => a - b);
  return shaped(rt, { count, topics, pms, huddles, mentions: unreadMentions(rt, userId, subscribed), missing: false });
}

interface Gathered {
  count: number;
  topics: Topics;
  pms: Map<number, number[]>;
  huddles: Map<string, number[]>;
  mentions: number[];
  /** Whether older unread messages were left out (the cap). */
  missing: boolean;
}

/** The unread_msgs object of what was gathered. */
function shaped(rt: Runtime, g: Gathered): Record<string, unknown> {
  if (rt.faulty("fl153.register.unread-msgs")) g.pms.clear();
  return {
    count: g.count,
    pms: [...g.pms].map(([other, ids]) => ({ other_user_id: other, sender_id: other, unread_message_ids: ids })),
    streams: [...g.topics.byTopic.values()].map((t) => t.entry),
    huddles: [...g.huddles].map(([key, ids]) => ({ user_ids_string: key, unread_message_ids: ids })),
    mentions: g.mentions,
    old_unreads_missing: g.missing,
  };
}

/**
 * unread_msgs.mentions: the unread messages flagged mentioned, and those flagged wildcard_mentioned outside muted
 * topics, of subscribed channels and direct conversations (the channels `subscribed` has seen are not asked again).
 */
function unreadMentions(rt: Runtime, userId: number, subscribed: Map<number, boolean>): number[] {
  const { store } = rt;
  const candidates = store.flags.unreadMentionsOf(userId);
  const out: number[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const m = store.messages.get(candidates.at(i)!);
    if (!m) continue;
    if (m.type === "stream" && !subscribedTo(rt, userId, m.channelId!, subscribed)) continue;
    if (isUnreadMention(rt, userId, m)) out.push(m.id);
  }
  return out;
}

/** unread_msgs as a walk of the user's newest MAX_UNREAD_MESSAGES unread messages, for accounts past the cap. */
export function unreadMsgsByMessage(rt: Runtime, userId: number, allowEmptyTopic: boolean): Record<string, unknown> {
  const { store } = rt;
  const unread = store.flags.unreadOf(userId);
  const first = Math.max(0, unread.length - MAX_UNREAD_MESSAGES);
  const substitute = !rt.faulty("fl334.register.unread-msgs-topic-substitution");
  const subscribed = new Map<number, boolean>();
  const topics: Topics = { bySpelling: new Map(), byTopic: new Map() };
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  for (let i = first; i < unread.length; i++) {
    const m = store.messages.get(unread.at(i)!);
    if (!m) continue;
    let muted = false;
    if (m.type === "stream") {
      const place = topicUnreads(rt, userId, m, subscribed, topics, substitute, allowEmptyTopic);
      if (!place) continue;
      place.entry.unread_message_ids.push(m.id);
      muted = place.muted;
      if (!muted) count++;
    } else {
      const others = othersIn(m, userId);
      const list = others.length <= 1 ? listIn(pms, others[0] ?? userId) : listIn(huddles, m.dmUserIds.join(","));
      list.push(m.id);
      count++;
    }
    const flags = store.flagsOf(userId, m.id);
    if (flags?.has("mentioned") || (flags?.has("wildcard_mentioned") && !muted)) mentions.push(m.id);
  }
  return shaped(rt, { count, topics, pms, huddles, mentions, missing: first > 0 });
}

/** The list of `key` in `map`, made empty when absent. */
function listIn<K>(map: Map<K, number[]>, key: K): number[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** The unread entry of a channel message's topic; null when the user is not subscribed to its channel. */
function topicUnreads(
  rt: Runtime,
  userId: number,
  m: Message,
  subscribed: Map<number, boolean>,
  topics: Topics,
  substitute: boolean,
  allowEmptyTopic: boolean,
  /** Whether to memoise by spelling (topics.bySpelling, a shortcut to byTopic): for walks that meet a spelling often. */
  seenSpelling = true,
): TopicUnreads | null {
  const channelId = m.channelId!;
  if (!subscribedTo(rt, userId, channelId, subscribed)) return null;
  const spelling = seenSpelling ? `${channelId}\0${m.topic}` : undefined;
  let place = spelling === undefined ? undefined : topics.bySpelling.get(spelling);
  if (place !== undefined) return place;
  const topic = substitute ? topicFor(rt, m.topic, allowEmptyTopic) : m.topic;
  // Topics differing in case are one topic: the first spelling names its entry.
  const key = `${channelId}\0${topic.toLowerCase()}`;
  place = topics.byTopic.get(key);
  if (!place) topics.byTopic.set(key, (place = { entry: { stream_id: channelId, topic, unread_message_ids: [] }, muted: isMutedFor(rt, userId, m) }));
  if (spelling !== undefined) topics.bySpelling.set(spelling, place);
  return place;
}

/** Whether the user is subscribed to the channel, asked once per channel for one unread_msgs (`known` holds the answers). */
function subscribedTo(rt: Runtime, userId: number, channelId: number, known: Map<number, boolean>): boolean {
  let isIn = known.get(channelId);
  if (isIn === undefined) known.set(channelId, (isIn = rt.store.isSubscribed(userId, channelId)));
  return isIn;
}
