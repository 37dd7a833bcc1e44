import { serializeScheduled } from "../wire/scheduled-message.ts";
import type { Runtime } from "../runtime.ts";
import type { ScheduledMessage } from "../state/scheduled.ts";

/** `scheduled_messages` events (FL179): to the owner's queues only, when one is created, edited or removed. */
export function publishScheduledAdd(rt: Runtime, sm: ScheduledMessage): void {
  if (!rt.fl.has("scheduledMessagesEvent")) return;
  rt.queues.publish("scheduled_messages", [sm.ownerId], () => ({
    type: "scheduled_messages",
    op: "add",
    scheduled_messages: [serializeScheduled(rt, sm)],
  }));
}

export function publishScheduledUpdate(rt: Runtime, sm: ScheduledMessage): void {
  if (!rt.fl.has("scheduledMessagesEvent")) return;
  rt.queues.publish("scheduled_messages", [sm.ownerId], () => ({
    type: "scheduled_messages",
    op: "update",
    scheduled_message: serializeScheduled(rt, sm),
  }));
}

export function publishScheduledRemove(rt: Runtime, ownerId: number, scheduledMessageId: number): void {
  if (!rt.fl.has("scheduledMessagesEvent")) return;
  rt.queues.publish("scheduled_messages", [ownerId], () => ({ type: "scheduled_messages", op: "remove", scheduled_message_id: scheduledMessageId }));
}
