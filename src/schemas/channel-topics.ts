import { z } from "zod";

/** GET /users/me/{stream_id}/topics (wire §15): the channel's topics, newest first. */
export const ChannelTopicsResponse = z.looseObject({
  result: z.literal("success"),
  topics: z.array(z.looseObject({ max_id: z.number().int(), name: z.string() })),
});
export type ChannelTopicsResponse = z.infer<typeof ChannelTopicsResponse>;
