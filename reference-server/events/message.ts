import { serializeMessage } from "../api/messages/serialize.ts";
import type { Runtime } from "../runtime.ts";
import type { Message } from "../state/types.ts";

/** The fault fl153.messages.message-event-recipients: users who can read a channel message without receiving it. */
function readersBesides(rt: Runtime, message: Message, receivers: ReadonlyMap<number, unknown>): number[] {
  if (message.type !== "stream") return [];
  return [...rt.store.users.values()].filter((u) => u.isActive && !receivers.has(u.id) && rt.access.canReadMessage(u, message)).map((u) => u.id);
}

/** The queue a sender's client named when sending, and the id it gave the message while it waited for the server. */
export interface LocalEcho {
  queueId: string;
  localId: string;
}

/**
 * `message` events: each receiving user's queues get the message rendered for that queue, with the user's flags.
 * The sender's own queue named in the send also gets `local_message_id`, so its client replaces the local echo.
 */
export function publishMessage(rt: Runtime, message: Message, receivers: ReadonlyMap<number, ReadonlySet<string>>, echo?: LocalEcho): void {
  const userIds = [...receivers.keys()].filter((id) => !(rt.faulty("fl153.events.message-event") && id === message.senderId));
  if (rt.faulty("fl153.messages.message-event-recipients")) userIds.push(...readersBesides(rt, message, receivers));
  rt.queues.publish("message", userIds, (q) => ({
    type: "message",
    message: serializeMessage(rt, message, {
      applyMarkdown: q.options.applyMarkdown,
      clientGravatar: q.options.clientGravatar,
      allowEmptyTopic: q.options.capabilities.empty_topic_name || rt.faulty("fl334.messages.event-subject-substitution"),
    }),
    flags: [...(receivers.get(q.options.userId) ?? [])],
    ...(echo !== undefined && q.id === echo.queueId && q.options.userId === message.senderId ? { local_message_id: echo.localId } : {}),
  }));
}
