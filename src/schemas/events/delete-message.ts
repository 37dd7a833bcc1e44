import { z } from "zod";

/**
 * `delete_message` events (wire §10): message_ids with the bulk_message_deletion capability, else message_id;
 * stream_id and topic for channel messages.
 */
export const DeleteMessageEvent = z
  .looseObject({
    id: z.number().int().nonnegative(),
    type: z.literal("delete_message"),
    message_type: z.enum(["private", "stream"]),
    message_ids: z.array(z.number().int()).min(1).optional(),
    message_id: z.number().int().optional(),
    stream_id: z.number().int().optional(),
    topic: z.string().optional(),
  })
  .refine((e) => (e.message_ids === undefined) !== (e.message_id === undefined), "exactly one of message_ids and message_id")
  .refine((e) => e.message_type !== "stream" || (e.stream_id !== undefined && e.topic !== undefined), "stream_id and topic for a channel message");
export type DeleteMessageEvent = z.infer<typeof DeleteMessageEvent>;
