import { invalidMessage } from "../../http/errors.ts";
import type { RequestContext } from "../../runtime.ts";
import type { Message } from "../../state/types.ts";

/** A message by id, if the user can read it; otherwise "Invalid message(s)", as real servers answer either way. */
export function readableMessage(ctx: RequestContext, id: string | number | undefined): Message {
  const message = ctx.rt.store.messages.get(Number(id));
  if (!message || !ctx.rt.access.canReadMessage(ctx.user, message)) throw invalidMessage();
  return message;
}
