import { z } from "zod";
import { UserTopic } from "../user-topic.ts";

/** `user_topic` events (wire §10): the user's changed visibility policy for one topic. */
export const UserTopicEvent = UserTopic.extend({
  id: z.number().int().nonnegative(),
  type: z.literal("user_topic"),
});
export type UserTopicEvent = z.infer<typeof UserTopicEvent>;
