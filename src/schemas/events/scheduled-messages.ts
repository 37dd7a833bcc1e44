import { z } from "zod";
import { scheduledMessageSchema } from "../scheduled-message.ts";

/** `scheduled_messages` add/update/remove events (FL179, wire §10); objects carry `failed` from FL181. */
export function scheduledMessagesEventSchema(withFailed: boolean) {
  const obj = scheduledMessageSchema(withFailed);
  const base = { id: z.number().int().nonnegative(), type: z.literal("scheduled_messages") };
  return z.discriminatedUnion("op", [
    z.strictObject({ ...base, op: z.literal("add"), scheduled_messages: z.array(obj) }),
    z.strictObject({ ...base, op: z.literal("update"), scheduled_message: obj }),
    z.strictObject({ ...base, op: z.literal("remove"), scheduled_message_id: z.number().int() }),
  ]);
}
