import { z } from "zod";

/** A submessage inside a message object (wire §13). */
export const Submessage = z.strictObject({
  id: z.number().int(),
  message_id: z.number().int(),
  sender_id: z.number().int(),
  msg_type: z.string().min(1),
  content: z.string(),
});
