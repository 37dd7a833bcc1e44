import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { readableMessage } from "./readable.ts";

/**
 * GET /messages/{message_id}/read_receipts → {user_ids}: the active users who have read the message, never its
 * sender, sorted; a message the requester cannot read is 400 "Invalid message(s)".
 */
function readReceipts(ctx: RequestContext): Record<string, unknown> {
  const { store } = ctx.rt;
  const message = readableMessage(ctx, ctx.path.message_id, "contentAccessReadReceipts");
  const includeSender = ctx.rt.faulty("fl153.messages.read-receipts");
  const userIds = [...store.flags.holdersOf(message.id)].filter(
    (id) => (includeSender || id !== message.senderId) && store.users.get(id)?.isActive === true && store.flagsOf(id, message.id)?.has("read") === true,
  );
  return { user_ids: userIds.sort((a, b) => a - b) };
}

export const routes: Route[] = [authed("GET", "/messages/:message_id(^\\d+$)/read_receipts", readReceipts)];
