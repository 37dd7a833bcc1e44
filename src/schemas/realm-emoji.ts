import { z } from "zod";

/** A custom emoji (wire §13): its id is a string, also its key in the map. */
export const RealmEmoji = z.looseObject({
  id: z.string(),
  name: z.string(),
  source_url: z.string(),
  still_url: z.string().nullable().optional(),
  deactivated: z.boolean(),
  author_id: z.number().int().nullable(),
});

/** GET /realm/emoji, register realm_emoji and realm_emoji events: the emoji by id. */
export const RealmEmojiMap = z.record(z.string(), RealmEmoji);
