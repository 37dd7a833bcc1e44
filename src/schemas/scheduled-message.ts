import { z } from "zod";

const ScheduledBase = z.strictObject({
  scheduled_message_id: z.number().int(),
  type: z.enum(["stream", "private"]),
  to: z.union([z.number().int(), z.array(z.number().int())]),
  topic: z.string().optional(),
  content: z.string(),
  rendered_content: z.string(),
  scheduled_delivery_timestamp: z.number().int(),
});
const ScheduledWithFailed = ScheduledBase.extend({ failed: z.boolean() });
export type ScheduledMessage = z.infer<typeof ScheduledBase> & { failed?: boolean };

/**
 * The scheduled message object (wire §13) of GET /scheduled_messages, register and events: `to` a channel id or a
 * list of user ids, `topic` for channel messages only, and the boolean `failed` from FL181.
 */
export function scheduledMessageSchema(withFailed: boolean): z.ZodType<ScheduledMessage> {
  return withFailed ? ScheduledWithFailed : ScheduledBase;
}
