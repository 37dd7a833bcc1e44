import type { Runtime } from "../runtime.ts";
import type { Message, Reaction } from "../state/types.ts";

/**
 * `reaction` events (wire §10): to everyone who can read the message. The deprecated `user` dictionary is left
 * out from FL328 to FL338 and restored at FL339 (events only; message objects lose it for good at FL328).
 */
export function publishReaction(rt: Runtime, op: "add" | "remove", message: Message, reaction: Reaction): void {
  if (op === "remove" && rt.faulty("fl153.messages.reaction-event")) return;
  const reactor = rt.store.users.get(reaction.userId)!;
  const userId = rt.faulty("fl153.messages.reaction-user-id") ? message.senderId : reaction.userId;
  const event: Record<string, unknown> = {
    type: "reaction",
    op,
    message_id: message.id,
    emoji_name: reaction.emojiName,
    emoji_code: reaction.emojiCode,
    reaction_type: reaction.reactionType,
    user_id: userId,
  };
  if (!rt.fl.has("reactionEventUserDropped")) event.user = { user_id: reactor.id, email: reactor.email, full_name: reactor.fullName };
  rt.queues.publish("reaction", rt.access.messageAudience(message), () => ({ ...event, type: "reaction" }));
}
