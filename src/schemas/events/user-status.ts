import { z } from "zod";

/** `user_status` (wire §10): the user and the status fields that changed. */
export const UserStatusEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("user_status"),
  user_id: z.number().int(),
  away: z.boolean().optional(),
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: z.string().optional(),
});
