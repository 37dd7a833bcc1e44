import type { Runtime } from "../runtime.ts";

export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_LENGTH = 10000;

/**
 * The topic as a client sees it: the empty topic (FL334) becomes the realm's display name for clients that
 * did not declare `empty_topic_name` (or did not pass allow_empty_topic_name).
 */
export function topicFor(rt: Runtime, topic: string, clientAcceptsEmpty: boolean): string {
  if (topic === "" && rt.fl.has("emptyTopicName") && !clientAcceptsEmpty) return rt.store.realm.emptyTopicDisplayName;
  return topic;
}

/** Long topics are cut to the limit with an ellipsis, as real servers do. */
export function truncateTopic(topic: string): string {
  const chars = [...topic];
  return chars.length <= MAX_TOPIC_LENGTH ? topic : `${chars.slice(0, MAX_TOPIC_LENGTH - 3).join("")}...`;
}
