import { z } from "zod";
import { GroupSettingValue } from "./group-setting-value.ts";

/**
 * A channel object (wire §13): register `streams` and `never_subscribed`, GET /streams, GET /streams/{stream_id},
 * stream create events. Permission settings are group-setting values, present from the levels that added them.
 */
export const Channel = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  invite_only: z.boolean(),
  is_web_public: z.boolean(),
  history_public_to_subscribers: z.boolean(),
  stream_post_policy: z.number().int().min(1).max(4).optional(),
  can_send_message_group: GroupSettingValue.optional(),
  can_remove_subscribers_group_id: GroupSettingValue.optional(),
  can_administer_channel_group: GroupSettingValue.optional(),
  can_add_subscribers_group: GroupSettingValue.optional(),
});
export type Channel = z.infer<typeof Channel>;

/** A subscription object (wire §13): the channel plus the user's own settings for it. */
export const Subscription = Channel.extend({ color: z.string(), is_muted: z.boolean() });
export type Subscription = z.infer<typeof Subscription>;
