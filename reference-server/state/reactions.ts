import type { Message, Reaction } from "./types.ts";

/** A user's reaction on a message is identified by the emoji (code and type), not by its name. */
export function findReaction(message: Message, userId: number, emojiCode: string, reactionType: Reaction["reactionType"]): Reaction | undefined {
  return message.reactions.find((r) => r.userId === userId && r.emojiCode === emojiCode && r.reactionType === reactionType);
}

export function addReaction(message: Message, reaction: Reaction): void {
  message.reactions.push(reaction);
}

export function removeReaction(message: Message, reaction: Reaction): void {
  const i = message.reactions.indexOf(reaction);
  if (i >= 0) message.reactions.splice(i, 1);
}
