import { z } from "zod";

/** A user's visibility policy for one topic (wire §10, §13): 0 none, 1 muted, 2 unmuted, 3 followed. */
export const UserTopic = z.looseObject({
  stream_id: z.number().int(),
  topic_name: z.string(),
  last_updated: z.number().int(),
  visibility_policy: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
});
export type UserTopic = z.infer<typeof UserTopic>;
