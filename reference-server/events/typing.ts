import { topicFor } from "../wire/topic.ts";
import type { Runtime } from "../runtime.ts";
import type { Channel, User } from "../state/types.ts";

export type TypingOp = "start" | "stop";

const person = (u: User) => ({ user_id: u.id, email: u.email });

/** message_type of direct typing events: `direct` from FL215, `private` before. */
function directType(rt: Runtime): string {
  return rt.fl.has("typingEventDirectType") ? "direct" : "private";
}

/** Direct-message `typing` events: to every participant (the sender included), with the participants listed. */
export function publishDirectTyping(rt: Runtime, op: TypingOp, sender: User, participants: readonly User[]): void {
  const sorted = [...participants].sort((a, b) => a.id - b.id);
  rt.queues.publish(
    "typing",
    sorted.map((u) => u.id),
    () => ({
      type: "typing",
      op,
      message_type: directType(rt),
      sender: person(sender),
      recipients: sorted.map(person),
    }),
  );
}

/**
 * Channel `typing` events: to the channel's subscribers, only on queues whose client declared
 * stream_typing_notifications; an empty topic (FL334) reads as realm_empty_topic_display_name without empty_topic_name.
 */
export function publishChannelTyping(rt: Runtime, op: TypingOp, sender: User, channel: Channel, topic: string): void {
  const everyQueue = rt.faulty("fl153.messages.typing-channel-capability");
  const substitute = !rt.faulty("fl334.messages.typing-event-topic-substitution");
  rt.queues.publish("typing", rt.store.subscribersOf(channel.id), (q) => {
    if (!q.options.capabilities.stream_typing_notifications && !everyQueue) return null;
    return {
      type: "typing",
      op,
      message_type: "stream",
      sender: person(sender),
      stream_id: channel.id,
      topic: substitute ? topicFor(rt, topic, q.options.capabilities.empty_topic_name) : topic,
    };
  });
}
