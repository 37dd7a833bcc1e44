import { topicFor } from "../wire/topic.ts";
import type { Runtime } from "../runtime.ts";
import type { UserTopic } from "../state/user-topics.ts";

/** The user_topic object of events and register user_topics (wire §10, §13), as one client sees it. */
export function serializeUserTopic(rt: Runtime, t: UserTopic, allowEmptyTopic: boolean, substitute: boolean): Record<string, unknown> {
  return {
    stream_id: t.channelId,
    topic_name: substitute ? topicFor(rt, t.topic, allowEmptyTopic) : t.topic,
    last_updated: t.lastUpdated,
    visibility_policy: t.policy,
  };
}

/** `user_topic` events to the user's own queues; the empty topic is substituted per queue (FL334). */
export function publishUserTopic(rt: Runtime, userId: number, t: UserTopic): void {
  if (rt.faulty("fl153.messages.user-topic-visibility")) return;
  const substitute = !rt.faulty("fl334.messages.user-topic-event-substitution");
  rt.queues.publish("user_topic", [userId], (q) => ({
    type: "user_topic",
    ...serializeUserTopic(rt, t, q.options.capabilities.empty_topic_name, substitute),
  }));
}
