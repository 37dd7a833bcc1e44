import { topicFor } from "../wire/topic.ts";
import type { Runtime } from "../runtime.ts";
import type { MessageType } from "../state/types.ts";

/** Deleted (or no longer accessible) messages that shared one recipient: a channel and topic, or a conversation. */
export interface DeletedMessages {
  ids: number[];
  type: MessageType;
  /** Channel messages only. */
  channelId?: number;
  topic?: string;
}

/**
 * `delete_message` events (wire §10) to `userIds`: queues with the bulk_message_deletion capability get one
 * event with message_ids, the others one event per message with message_id. Channel messages carry stream_id
 * and topic, the empty topic substituted for queues without empty_topic_name (FL334).
 */
export function publishDeleteMessages(rt: Runtime, deleted: DeletedMessages, userIds: Iterable<number>): void {
  const users = [...new Set(userIds)];
  const ids = [...deleted.ids].sort((a, b) => a - b);
  const substitute = !rt.faulty("fl334.messages.delete-event-topic-substitution");
  const bulkAlways = rt.faulty("fl153.messages.delete-event-bulk-capability");
  const base = (empty: boolean): Record<string, unknown> => {
    const out: Record<string, unknown> = { type: "delete_message", message_type: deleted.type };
    if (deleted.type === "stream") {
      out.stream_id = deleted.channelId;
      out.topic = substitute ? topicFor(rt, deleted.topic ?? "", empty) : deleted.topic;
    }
    return out;
  };
  rt.queues.publish("delete_message", users, (q) =>
    q.options.capabilities.bulk_message_deletion || bulkAlways ? { ...base(q.options.capabilities.empty_topic_name), message_ids: ids } : null,
  );
  for (const id of ids) {
    rt.queues.publish("delete_message", users, (q) =>
      q.options.capabilities.bulk_message_deletion || bulkAlways ? null : { ...base(q.options.capabilities.empty_topic_name), message_id: id },
    );
  }
}
