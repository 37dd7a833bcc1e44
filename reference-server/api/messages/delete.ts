import { publishDeleteMessages } from "../../events/delete-message.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Message } from "../../state/types.ts";
import { readableMessage } from "./readable.ts";

/**
 * Who hears of a deletion: for a channel message its subscribers, for a direct message its participants; from
 * FL274 also the deleting user, subscribed or not.
 */
function audience(ctx: RequestContext, message: Message): Set<number> {
  const { rt, user } = ctx;
  const users = new Set(message.type === "stream" ? rt.store.subscribersOf(message.channelId!) : rt.store.flags.holdersOf(message.id));
  if (rt.faulty("fl153.messages.delete-message-event")) return new Set([user.id]);
  if (rt.fl.has("deleteEventToDeleter")) users.add(user.id);
  return users;
}

/** DELETE /messages/{message_id}: administrators delete any message, others their own as the organization allows. */
function deleteMessage(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const message = readableMessage(ctx, ctx.path.message_id);
  const refusal = rt.access.messageEdits(rt.fl, rt.faulty).deleteRefusal(user, message, rt.store.clock());
  if (refusal) throw badRequest(refusal);
  const users = audience(ctx, message);
  rt.store.attachments.untrack(message.id, message.content);
  rt.store.editHistory.remove(message.id);
  rt.store.removeMessage(message.id);
  const deleted =
    message.type === "stream"
      ? { ids: [message.id], type: message.type, channelId: message.channelId!, topic: message.topic }
      : { ids: [message.id], type: message.type };
  publishDeleteMessages(rt, deleted, users);
  return {};
}

export const routes: Route[] = [authed("DELETE", "/messages/:message_id(^\\d+$)", deleteMessage)];
