import { z } from "zod";

const ChannelIds = z.array(z.number().int());

/** POST /messages/flags (wire §14): the ids asked for; from FL355 the skipped channels when marking unread. */
export const FlagsResponse = z.looseObject({
  result: z.literal("success"),
  messages: z.array(z.number().int()),
  ignored_because_not_subscribed_channels: ChannelIds.optional(),
});
export type FlagsResponse = z.infer<typeof FlagsResponse>;

/** POST /messages/flags/narrow (FL155, wire §14). */
export const FlagsNarrowResponse = z.looseObject({
  result: z.literal("success"),
  processed_count: z.number().int().nonnegative(),
  updated_count: z.number().int().nonnegative(),
  first_processed_id: z.number().int().nullable(),
  last_processed_id: z.number().int().nullable(),
  found_oldest: z.boolean(),
  found_newest: z.boolean(),
  ignored_because_not_subscribed_channels: ChannelIds.optional(),
});
export type FlagsNarrowResponse = z.infer<typeof FlagsNarrowResponse>;
