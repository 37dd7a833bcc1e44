import { z } from "zod";
import { publishEditTyping } from "../../events/typing-edit-message.ts";
import type { TypingOp } from "../../events/typing.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { readableMessage } from "./readable.ts";

function readOp(ctx: RequestContext): TypingOp {
  const op = ctx.params.str("op");
  if (op !== "start" && op !== "stop") throw badRequest("Invalid op");
  return op;
}

/** FL351–FL360: POST /message_edit_typing, message_id (JSON int) in the body (conflict.message-edit-typing-rename). */
function bodyEndpoint(ctx: RequestContext): Record<string, unknown> {
  const op = readOp(ctx);
  const message = readableMessage(ctx, ctx.params.json("message_id", z.number().int()), "contentAccessEditTyping");
  publishEditTyping(ctx.rt, op, ctx.user, message);
  return {};
}

/** FL361+: POST /messages/{message_id}/typing, with op in the body. */
function pathEndpoint(ctx: RequestContext): Record<string, unknown> {
  const op = readOp(ctx);
  publishEditTyping(ctx.rt, op, ctx.user, readableMessage(ctx, ctx.path.message_id, "contentAccessEditTyping"));
  return {};
}

export const routes: Route[] = [
  authed("POST", "/message_edit_typing", bodyEndpoint, { level: "editTypingBodyEndpoint" }),
  authed("POST", "/messages/:message_id(^\\d+$)/typing", pathEndpoint, { level: "editTypingPathEndpoint" }),
];
