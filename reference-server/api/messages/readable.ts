import { invalidMessage } from "../../errors/registry.ts";
import type { RequestContext } from "../../runtime.ts";
import type { Message } from "../../state/types.ts";
import type { ContentUse } from "../../access/channels.ts";

/** A message by id, if the user can read it; otherwise "Invalid message(s)", as real servers answer either way. */
export function readableMessage(ctx: RequestContext, id: string | number | undefined, use?: ContentUse): Message {
  const message = ctx.rt.store.messages.get(Number(id));
  // channels: `use` names the FL354 switch under which content-access groups count here
  if (!message || !ctx.rt.access.canReadMessage(ctx.user, message, use)) throw invalidMessage();
  return message;
}
