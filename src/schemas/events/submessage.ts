import { z } from "zod";

/** `submessage` events (wire §10). */
export const SubmessageEvent = z.strictObject({
  id: z.number().int().nonnegative(),
  type: z.literal("submessage"),
  message_id: z.number().int(),
  submessage_id: z.number().int(),
  sender_id: z.number().int(),
  msg_type: z.string(),
  content: z.string(),
});
