import { serializeMessage } from "../wire/message.ts";
import type { Runtime } from "../runtime.ts";
import type { Message } from "../state/types.ts";
import { snapshot, type EventQueue, type StoredEvent } from "./queue.ts";

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
  // One rendering per kind of queue, and one event per kind and set of flags, shared by every queue that gets it
  // (queues only read their events): 1,000 queues of one client kind cost one rendering, and one event per
  // distinct flags (most receivers of a channel message have the same). The sender's queue named in the send gets
  // an event of its own, with `local_message_id`.
  const rendered = new Map<number, Record<string, unknown>>();
  const events = new Map<string, StoredEvent>();
  const flagKeys = new Map<ReadonlySet<string>, string>();
  const substituted = rt.faulty("fl334.messages.event-subject-substitution");
  const render = (q: EventQueue, echoed: boolean): StoredEvent => {
    const { options } = q;
    const allowEmptyTopic = options.capabilities.empty_topic_name || substituted;
    const variant = (options.applyMarkdown ? 1 : 0) | (options.clientGravatar ? 2 : 0) | (allowEmptyTopic ? 4 : 0);
    const flags = receivers.get(options.userId);
    // Keyed by the set itself: receivers without flags share one.
    let flagKey = flags === undefined ? "" : flagKeys.get(flags);
    if (flagKey === undefined) flagKeys.set(flags!, (flagKey = [...flags!].join(",")));
    const key = `${variant}:${flagKey}`;
    let event = echoed ? undefined : events.get(key);
    if (!event) {
      let payload = rendered.get(variant);
      if (!payload)
        rendered.set(
          variant,
          (payload = serializeMessage(rt, message, { applyMarkdown: options.applyMarkdown, clientGravatar: options.clientGravatar, allowEmptyTopic })),
        );
      // Rendered for the event and never changed after: kept as its JSON, made once for every queue.
      event = snapshot({ type: "message", message: payload, flags: [...(flags ?? [])], ...(echoed && echo ? { local_message_id: echo.localId } : {}) });
      if (!echoed) events.set(key, event);
    }
    return event;
  };
  const own = echo === undefined ? undefined : { queueId: echo.queueId, render: (q: EventQueue) => render(q, q.options.userId === message.senderId) };
  rt.queues.publish("message", userIds, (q) => render(q, false), own);
}
