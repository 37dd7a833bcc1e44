import type { Runtime } from "../runtime.ts";
import type { Channel } from "../state/types.ts";
import { SUBSCRIPTION_COLORS } from "../state/subscriptions.ts";
import { serializeChannel } from "./channel.ts";

/** A subscription: the channel plus the personal settings `userId` has for it (a channel they are in or have left). */
export function serializeSubscription(rt: Runtime, c: Channel, includeSubscribers: boolean, userId: number): Record<string, unknown> {
  const muted = rt.store.userTopics.isChannelMuted(userId, c.id);
  const p = rt.store.subscriptionProperties(userId, c.id);
  return {
    ...serializeChannel(rt, c, includeSubscribers, "subscription"),
    color: p?.color ?? SUBSCRIPTION_COLORS[0],
    is_muted: muted,
    in_home_view: !muted,
    pin_to_top: p?.pin_to_top ?? false,
    desktop_notifications: p?.desktop_notifications ?? null,
    email_notifications: p?.email_notifications ?? null,
    push_notifications: p?.push_notifications ?? null,
    audible_notifications: p?.audible_notifications ?? null,
    wildcard_mentions_notify: p?.wildcard_mentions_notify ?? null,
  };
}
