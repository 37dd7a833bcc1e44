import type { Runtime } from "../../runtime.ts";
import type { Channel } from "../../state/types.ts";

/** The channel object (wire §13) of register `streams` and `never_subscribed`. */
export function serializeChannel(rt: Runtime, c: Channel, includeSubscribers: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    stream_id: c.id,
    name: c.name,
    description: c.description,
    rendered_description: `<p>${c.description}</p>`,
    date_created: c.dateCreated,
    creator_id: c.creatorId,
    invite_only: c.inviteOnly,
    is_web_public: c.isWebPublic,
    history_public_to_subscribers: c.historyPublicToSubscribers,
    first_message_id: c.firstMessageId,
    message_retention_days: null,
    is_archived: c.isArchived,
    stream_post_policy: 1,
    is_announcement_only: false,
    stream_weekly_traffic: null,
  };
  if (includeSubscribers) out.subscribers = [...rt.store.subscribersOf(c.id)].sort((a, b) => a - b);
  return out;
}

/** A subscription: the channel plus the user's personal settings for it (`userId`: whose; muting is per user). */
export function serializeSubscription(rt: Runtime, c: Channel, includeSubscribers: boolean, userId?: number): Record<string, unknown> {
  const muted = userId !== undefined && rt.store.userTopics.isChannelMuted(userId, c.id);
  return {
    ...serializeChannel(rt, c, includeSubscribers),
    color: "#76ce90",
    is_muted: muted,
    in_home_view: !muted,
    pin_to_top: false,
    desktop_notifications: null,
    email_notifications: null,
    push_notifications: null,
    audible_notifications: null,
    wildcard_mentions_notify: null,
  };
}
