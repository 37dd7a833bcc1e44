import { topicFor } from "../wire/topic.ts";
import type { Runtime } from "../runtime.ts";
import type { Message, User } from "../state/types.ts";
import type { TypingOp } from "./typing.ts";

/**
 * `typing_edit_message` events (FL351): a user is editing a message; everyone who would be told of the saved edit
 * gets it, with the message's conversation as `recipient`.
 */
export function publishEditTyping(rt: Runtime, op: TypingOp, editor: User, message: Message): void {
  if (!rt.fl.has("typingEditMessageEvent")) return;
  rt.queues.publish("typing_edit_message", rt.access.messageAudience(message), (q) => ({
    type: "typing_edit_message",
    op,
    sender_id: editor.id,
    message_id: message.id,
    recipient:
      message.type === "stream"
        ? { type: "channel", channel_id: message.channelId, topic: topicFor(rt, message.topic, q.options.capabilities.empty_topic_name) }
        : { type: "direct", user_ids: [...message.dmUserIds] },
  }));
}
