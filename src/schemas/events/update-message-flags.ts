import { z } from "zod";

/** message_details entries (wire §10): what a client needs to put a message back into unread_msgs. */
export const UnreadMessageDetail = z.looseObject({
  type: z.enum(["stream", "private"]),
  mentioned: z.boolean().optional(),
  stream_id: z.number().int().optional(),
  topic: z.string().optional(),
  user_ids: z.array(z.number().int()).optional(),
});

/** `update_message_flags` events, add and remove (wire §10): op with its deprecated twin `operation`. */
export const UpdateMessageFlagsEvent = z
  .looseObject({
    id: z.number().int().nonnegative(),
    type: z.literal("update_message_flags"),
    op: z.enum(["add", "remove"]),
    operation: z.enum(["add", "remove"]),
    flag: z.string(),
    messages: z.array(z.number().int()),
    all: z.boolean(),
    message_details: z.record(z.string().regex(/^\d+$/), UnreadMessageDetail).optional(),
  })
  .refine((e) => e.op === e.operation, "operation equals op");
export type UpdateMessageFlagsEvent = z.infer<typeof UpdateMessageFlagsEvent>;
