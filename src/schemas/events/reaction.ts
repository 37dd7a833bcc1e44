import { z } from "zod";
import { ReactionType } from "../reaction.ts";

/** The deprecated `user` of reaction events: present before FL328 and again from FL339. */
export const ReactionEventUser = z.strictObject({ user_id: z.number().int(), email: z.string(), full_name: z.string() });

const ReactionEventBase = z.strictObject({
  id: z.number().int().nonnegative(),
  type: z.literal("reaction"),
  op: z.enum(["add", "remove"]),
  message_id: z.number().int(),
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: ReactionType,
  user_id: z.number().int(),
});
const ReactionEventWithUser = ReactionEventBase.extend({ user: ReactionEventUser });
export type ReactionEvent = z.infer<typeof ReactionEventBase> & { user?: z.infer<typeof ReactionEventUser> };

/** `reaction` add/remove events (wire §10), with or without the deprecated `user`. */
export function reactionEventSchema(withUser: boolean): z.ZodType<ReactionEvent> {
  return withUser ? ReactionEventWithUser : ReactionEventBase;
}
