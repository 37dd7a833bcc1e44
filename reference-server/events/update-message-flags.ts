import { topicFor } from "../wire/topic.ts";
import type { Runtime } from "../runtime.ts";
import type { UnreadDetail } from "../wire/register/messages/unreads.ts";

export interface FlagsUpdate {
  op: "add" | "remove";
  flag: string;
  messages: number[];
  /** true only for "mark all as read" (then `messages` is empty). */
  all: boolean;
  /** Only when removing `read`. */
  details?: ReadonlyMap<number, UnreadDetail>;
}

/**
 * `update_message_flags` events (wire §10) to the user's own queues: op and its deprecated twin `operation`,
 * flag, messages, all; removing `read` adds message_details, whose topic gets the empty-topic substitution
 * (FL334) for queues without empty_topic_name.
 */
export function publishFlagsUpdate(rt: Runtime, userId: number, update: FlagsUpdate): void {
  if (rt.faulty("fl153.messages.flags-update-event")) return;
  const substitute = !rt.faulty("fl334.messages.flags-event-topic-substitution");
  rt.queues.publish("update_message_flags", [userId], (q) => {
    const event: Record<string, unknown> = {
      type: "update_message_flags",
      op: update.op,
      operation: update.op,
      flag: update.flag,
      messages: update.messages,
      all: update.all,
    };
    if (update.details && !rt.faulty("fl153.messages.flags-unread-details")) {
      const details: Record<string, Record<string, unknown>> = {};
      for (const [id, d] of update.details) {
        const out: Record<string, unknown> = { type: d.type };
        if (d.mentioned) out.mentioned = true;
        if (d.type === "stream") {
          out.stream_id = d.streamId;
          out.topic = substitute ? topicFor(rt, d.topic ?? "", q.options.capabilities.empty_topic_name) : d.topic;
          out.unmuted_stream_msg = d.unmutedStreamMsg ?? true;
        } else {
          out.user_ids = d.userIds ?? [];
        }
        details[String(id)] = out;
      }
      event.message_details = details;
    }
    return event;
  });
}
