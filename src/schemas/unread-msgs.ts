import { z } from "zod";

const Ids = z.array(z.number().int());

/** unread_msgs of POST /register (wire §13). */
export const UnreadMsgs = z.looseObject({
  count: z.number().int().nonnegative(),
  pms: z.array(z.looseObject({ other_user_id: z.number().int(), sender_id: z.number().int().optional(), unread_message_ids: Ids })),
  streams: z.array(z.looseObject({ stream_id: z.number().int(), topic: z.string(), unread_message_ids: Ids })),
  huddles: z.array(z.looseObject({ user_ids_string: z.string().regex(/^\d+(,\d+)*$/), unread_message_ids: Ids })),
  mentions: Ids,
  old_unreads_missing: z.boolean(),
});
export type UnreadMsgs = z.infer<typeof UnreadMsgs>;
