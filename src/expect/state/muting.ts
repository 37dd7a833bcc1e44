import { arr, type ClientState, type Obj } from "./model.ts";

/**
 * Which channel topics are muted for the client, read from the register's user_topics and subscriptions: what
 * unread_msgs.count and the wildcard mentions depend on at every moment. Read once per pair of lists and kept, since
 * every event recounts.
 */

/** Whether a channel topic is muted for the client: by its user_topics policy (1 muted; 2 unmuted, 3 followed override a muted channel), else by the channel's is_muted. */
export function topicMuted(state: ClientState, streamId: number, topic: string, fl: number): boolean {
  return mutingOf(state, fl)(streamId, topic);
}

/** A state's muting: the topic policies by channel and topic (lowercase), and the muted channels. */
export interface Muting {
  policies: Map<unknown, Map<string, unknown>>;
  mutedChannels: Set<unknown>;
}

/** A muting's policies and mutes as one string: two mutings of the same signature mute the same topics. */
const SIGNATURES = new WeakMap<Muting, string>();

export function signatureOf(muting: Muting): string {
  let signature = SIGNATURES.get(muting);
  if (signature !== undefined) return signature;
  // Each value with its type, so that the signature keeps apart what the maps keep apart (1 and "1", null and
  // undefined); equal mutings listed in another order only differ in signature, which costs a full comparison.
  const typed = (v: unknown) => `${typeof v}:${String(v)}`;
  const { policies, mutedChannels } = muting;
  signature = JSON.stringify([
    [...policies].map(([id, topics]) => [typed(id), [...topics].map(([name, p]) => [name, typed(p)])]),
    [...mutedChannels].map(typed),
  ]);
  SIGNATURES.set(muting, signature);
  return signature;
}

/**
 * The muting read from a state's user_topics and subscriptions, kept per pair of lists: states share the lists no
 * event changed, and every event recounts unread_msgs, so a long-lived account's thousands of unread topics would
 * otherwise cost the reading of both lists per event, twice.
 */
const MUTINGS = new WeakMap<object, WeakMap<object, Muting>>();
/** Stands for a list the state does not hold (its section was not fetched). */
const ABSENT: object = {};

export function readMuting(state: ClientState): Muting {
  const subsKey = Array.isArray(state.subscriptions) ? (state.subscriptions as object) : ABSENT;
  const topicsKey = Array.isArray(state.user_topics) ? (state.user_topics as object) : ABSENT;
  let byTopics = MUTINGS.get(subsKey);
  if (!byTopics) MUTINGS.set(subsKey, (byTopics = new WeakMap()));
  let muting = byTopics.get(topicsKey);
  if (muting) return muting;
  // By channel, then topic: most channels have no policies, and their topics need no key built.
  const policies = new Map<unknown, Map<string, unknown>>();
  for (const t of arr<Obj>(state.user_topics)) {
    let topics = policies.get(t.stream_id);
    if (!topics) policies.set(t.stream_id, (topics = new Map()));
    const name = String(t.topic_name).toLowerCase();
    // The first entry of a topic decides, as a search of the list would.
    if (!topics.has(name)) topics.set(name, t.visibility_policy);
  }
  const mutedChannels = new Set<unknown>();
  const seen = new Set<unknown>();
  for (const c of arr<Obj>(state.subscriptions)) {
    if (seen.has(c.stream_id)) continue;
    seen.add(c.stream_id);
    if (c.is_muted === true) mutedChannels.add(c.stream_id);
  }
  byTopics.set(topicsKey, (muting = { policies, mutedChannels }));
  return muting;
}

/**
 * topicMuted for many topics of one state: the policies and the channels' mutes read once into maps, so that a
 * recount over an account's thousands of unread topics costs their number, not that times the lists' lengths.
 */
export function mutingOf(state: ClientState, fl: number): (streamId: number, topic: string) => boolean {
  return mutedBy(readMuting(state), fl);
}

export function mutedBy({ policies, mutedChannels }: Muting, fl: number): (streamId: number, topic: string) => boolean {
  return (streamId, topic) => {
    const policy = policies.get(streamId)?.get(topic.toLowerCase());
    if (policy === 1) return true;
    // Before FL213 a muted channel's mute won over an unmuted or followed topic (fl213.register.unread-counts-followed-unmuted).
    if ((policy === 2 || policy === 3) && fl >= 213) return false;
    return mutedChannels.has(streamId);
  };
}
