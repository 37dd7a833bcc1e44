import { z } from "zod";
import { Message } from "../message.ts";

/** `message` events: the message and the receiving user's flags (wire §10). */
export const MessageEvent = z.looseObject({
  id: z.number().int().nonnegative(),
  type: z.literal("message"),
  message: Message,
  flags: z.array(z.string()),
});
