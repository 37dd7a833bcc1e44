import { z } from "zod";

export const ReactionType = z.enum(["unicode_emoji", "realm_emoji", "zulip_extra_emoji"]);

/** The deprecated `user` dictionary of a reaction inside a message object (gone from FL328). */
export const ReactionUserDict = z.looseObject({ id: z.number().int(), email: z.string(), full_name: z.string() });

/**
 * A reaction inside a message object (wire §13): exactly emoji_name, emoji_code, reaction_type, user_id, and before
 * FL328 also the deprecated `user` dictionary.
 */
const ReactionBase = z.strictObject({
  emoji_name: z.string().min(1),
  emoji_code: z.string().min(1),
  reaction_type: ReactionType,
  user_id: z.number().int(),
});
const ReactionWithUser = ReactionBase.extend({ user: ReactionUserDict });
export type Reaction = z.infer<typeof ReactionBase> & { user?: z.infer<typeof ReactionUserDict> };

export function reactionSchema(withUserDict: boolean): z.ZodType<Reaction> {
  return withUserDict ? ReactionWithUser : ReactionBase;
}
