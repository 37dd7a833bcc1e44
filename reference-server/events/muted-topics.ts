import type { Runtime } from "../runtime.ts";
import { VISIBILITY } from "../state/user-topics.ts";

/** The deprecated muted_topics list: [channel name, topic, when muted] for each muted topic of a live channel. */
export function mutedTopicsList(rt: Runtime, userId: number): Array<[string, string, number]> {
  const out: Array<[string, string, number]> = [];
  for (const t of rt.store.userTopics.list(userId)) {
    const channel = rt.store.channels.get(t.channelId);
    if (t.policy === VISIBILITY.muted && channel && !channel.isArchived) out.push([channel.name, t.topic, t.lastUpdated]);
  }
  return out;
}

/**
 * `muted_topics` with the whole list, sent before each user_topic event to the user's queues; a queue that also
 * asked for user_topic does not get it (so clients can ask for both from servers old and new).
 */
export function publishMutedTopics(rt: Runtime, userId: number): void {
  const list = mutedTopicsList(rt, userId);
  rt.queues.publish("muted_topics", [userId], (q) => (q.options.eventTypes?.has("user_topic") ? null : { type: "muted_topics", muted_topics: list }));
}
