import { z } from "zod";
import { publishSubmessage } from "../../events/submessage.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { readableMessage } from "./readable.ts";

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /submessage: message_id (JSON int), msg_type, content (JSON text). As on real servers the message's sender
 * starts a widget: nobody else may add the first submessage.
 */
function addSubmessage(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const messageId = params.json("message_id", z.number().int());
  const msgType = params.str("msg_type");
  const content = params.str("content");
  const message = readableMessage(ctx, messageId, "contentAccessSubmessage");
  const existing = rt.store.submessages.of(message.id);
  if (existing.length === 0 && message.senderId !== user.id) throw badRequest("You cannot attach a submessage to this message.");
  if (msgType.trim() === "") throw badRequest("Invalid msg_type");
  if (!isJson(content)) throw badRequest("Invalid json for submessage");
  const sub = rt.store.submessages.add({ messageId: message.id, senderId: user.id, msgType, content });
  publishSubmessage(rt, message, sub);
  return {};
}

export const routes: Route[] = [authed("POST", "/submessage", addSubmessage)];
