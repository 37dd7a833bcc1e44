import { serializeMessage } from "../api/messages/serialize.ts";
import type { Runtime } from "../runtime.ts";
import type { Message } from "../state/types.ts";

/** `message` events: each receiving user's queues get the message rendered for that queue, with the user's flags. */
export function publishMessage(rt: Runtime, message: Message, receivers: ReadonlyMap<number, ReadonlySet<string>>): void {
  const userIds = [...receivers.keys()].filter((id) => !(rt.faulty("fl153.events.message-event") && id === message.senderId));
  rt.queues.publish("message", userIds, (q) => ({
    type: "message",
    message: serializeMessage(rt, message, {
      applyMarkdown: q.options.applyMarkdown,
      clientGravatar: q.options.clientGravatar,
      allowEmptyTopic: q.options.capabilities.empty_topic_name || rt.faulty("fl334.messages.event-subject-substitution"),
    }),
    flags: [...(receivers.get(q.options.userId) ?? [])],
  }));
}
