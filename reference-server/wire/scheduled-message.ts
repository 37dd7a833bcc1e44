import type { Runtime } from "../runtime.ts";
import type { ScheduledMessage } from "../state/scheduled.ts";

/**
 * The scheduled message object (wire §13) of GET /scheduled_messages, register and events: `to` is the channel id
 * or the recipients' ids; `topic` only for channel messages; `failed` from FL181.
 */
export function serializeScheduled(rt: Runtime, sm: ScheduledMessage): Record<string, unknown> {
  const out: Record<string, unknown> = {
    scheduled_message_id: sm.id,
    type: sm.type,
    to: sm.type === "stream" ? sm.channelId : [...sm.userIds],
  };
  if (sm.type === "stream") out.topic = sm.topic;
  Object.assign(out, { content: sm.content, rendered_content: sm.renderedContent, scheduled_delivery_timestamp: sm.deliveryTimestamp });
  if (rt.fl.has("scheduledFailedField")) out.failed = sm.failed;
  return out;
}
