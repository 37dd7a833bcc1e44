import type { Runtime } from "../../runtime.ts";
import type { Channel } from "../../state/types.ts";
import { CHANNEL_SETTINGS } from "../../state/channel-settings.ts";

/**
 * stream_post_policy: from FL333 the code that best approximates can_send_message_group as a superset (a group
 * that is not a system group of the table: 1, anyone); before, the policy as set.
 */
export function postPolicy(rt: Runtime, c: Channel): number {
  if (!rt.fl.has("streamPostPolicyApproximated")) return c.streamPostPolicy;
  const value = c.groups.can_send_message_group;
  const name = typeof value === "number" ? rt.store.groups.byId.get(value)?.name : undefined;
  return (name !== undefined ? APPROXIMATE_POLICY[name] : undefined) ?? 1;
}

/** The smallest policy whose posters include every member of the system group. */
const APPROXIMATE_POLICY: Record<string, number> = { "role:administrators": 2, "role:owners": 2, "role:nobody": 2, "role:moderators": 4, "role:fullmembers": 3 };

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
    stream_post_policy: postPolicy(rt, c),
    is_announcement_only: postPolicy(rt, c) === 2,
    stream_weekly_traffic: null,
  };
  for (const def of CHANNEL_SETTINGS) if (rt.fl.has(def.field)) out[def.name] = c.groups[def.key];
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
