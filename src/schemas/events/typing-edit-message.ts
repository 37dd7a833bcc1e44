import { z } from "zod";

/** `typing_edit_message` start/stop events (FL351, wire §10). */
export const TypingEditMessageEvent = z.strictObject({
  id: z.number().int().nonnegative(),
  type: z.literal("typing_edit_message"),
  op: z.enum(["start", "stop"]),
  sender_id: z.number().int(),
  message_id: z.number().int(),
  recipient: z.union([
    z.strictObject({ type: z.literal("channel"), channel_id: z.number().int(), topic: z.string() }),
    z.strictObject({ type: z.literal("direct"), user_ids: z.array(z.number().int()).min(1) }),
  ]),
});
