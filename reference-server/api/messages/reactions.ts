import { publishReaction } from "../../events/reaction.ts";
import { reactionAlreadyExists, reactionDoesNotExist } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { addReaction, findReaction, removeReaction } from "../../state/reactions.ts";
import { emojiOfRemoval, emojiOfRequest } from "./emoji.ts";
import { readableMessage } from "./readable.ts";

/** POST /messages/{message_id}/reactions: emoji_name, optional emoji_code and reaction_type (wire §13 Reaction). */
function add(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const message = readableMessage(ctx, ctx.path.message_id, "contentAccessReactions");
  const emoji = emojiOfRequest(params.str("emoji_name"), params.optStr("emoji_code"), params.optStr("reaction_type"));
  if (findReaction(message, user.id, emoji.emojiCode, emoji.reactionType) && !rt.faulty("fl153.messages.reaction-errors")) throw reactionAlreadyExists();
  const reaction = { ...emoji, userId: user.id };
  addReaction(message, reaction);
  publishReaction(rt, "add", message, reaction);
  return {};
}

/** DELETE /messages/{message_id}/reactions: the emoji by emoji_code (and reaction_type) or by emoji_name. */
function remove(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const message = readableMessage(ctx, ctx.path.message_id, "contentAccessReactions");
  const emoji = emojiOfRemoval(params.optStr("emoji_name"), params.optStr("emoji_code"), params.optStr("reaction_type"));
  const reaction = findReaction(message, user.id, emoji.emojiCode, emoji.reactionType);
  if (!reaction) throw reactionDoesNotExist();
  removeReaction(message, reaction);
  publishReaction(rt, "remove", message, reaction);
  return {};
}

export const routes: Route[] = [
  authed("POST", "/messages/:message_id(^\\d+$)/reactions", add),
  authed("DELETE", "/messages/:message_id(^\\d+$)/reactions", remove),
];
