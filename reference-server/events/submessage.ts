import type { Runtime } from "../runtime.ts";
import type { Message } from "../state/types.ts";
import type { Submessage } from "../state/submessages.ts";

/** `submessage` events (wire §10): to everyone who can read the message the widget belongs to. */
export function publishSubmessage(rt: Runtime, message: Message, sub: Submessage): void {
  rt.queues.publish("submessage", rt.access.messageAudience(message), () => ({
    type: "submessage",
    message_id: message.id,
    submessage_id: sub.id,
    sender_id: sub.senderId,
    msg_type: sub.msgType,
    content: sub.content,
  }));
}
