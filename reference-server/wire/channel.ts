import type { Runtime } from "../runtime.ts";
import type { Channel } from "../state/types.ts";
import { CHANNEL_SETTINGS, channelSettingOn } from "../state/channel-settings.ts";
import { zulipHas } from "../zulip-levels.ts";

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
const APPROXIMATE_POLICY: Record<string, number> = {
  "role:administrators": 2,
  "role:owners": 2,
  "role:nobody": 2,
  "role:moderators": 4,
  "role:fullmembers": 3,
};

/** Real servers' daily job marks a channel inactive once no message has reached it for this long; a new channel is active. */
const RECENTLY_ACTIVE_SECONDS = 180 * 86_400;

function isRecentlyActive(rt: Runtime, c: Channel): boolean {
  const ids = rt.store.channelMessages(c.id);
  const last = ids.at(ids.length - 1);
  const lastMessageAt = last !== undefined ? (rt.store.messages.get(last)?.timestamp ?? 0) : 0;
  return rt.store.clock() - Math.max(c.dateCreated, lastMessageAt) < RECENTLY_ACTIVE_SECONDS;
}

/**
 * The channel object (wire §13) of GET /streams, register `streams` and `never_subscribed`, and stream events, with
 * the fields real servers added at levels the spec is silent about (zulip-levels.ts). `section` "subscription":
 * for the objects of the subscription section and GET /users/me/subscriptions, which carried stream_weekly_traffic
 * long before channel objects did.
 */
export function serializeChannel(rt: Runtime, c: Channel, includeSubscribers: boolean, section: "stream" | "subscription" = "stream"): Record<string, unknown> {
  const { fl } = rt;
  const out: Record<string, unknown> = {
    stream_id: c.id,
    name: c.name,
    description: c.description,
    rendered_description: `<p>${c.description}</p>`,
    date_created: c.dateCreated,
    ...(zulipHas(fl, "channelCreatorId") ? { creator_id: c.creatorId } : {}),
    invite_only: c.inviteOnly,
    is_web_public: c.isWebPublic,
    history_public_to_subscribers: c.historyPublicToSubscribers,
    first_message_id: c.firstMessageId,
    message_retention_days: null,
    ...(zulipHas(fl, "channelIsRecentlyActive") ? { is_recently_active: isRecentlyActive(rt, c) } : {}),
    ...(zulipHas(fl, "channelIsArchived") ? { is_archived: c.isArchived } : {}),
    stream_post_policy: postPolicy(rt, c),
    is_announcement_only: postPolicy(rt, c) === 2,
    // Real servers send null for a channel younger than a week, and the averages of analytics this server does not keep.
    ...(section === "subscription" || zulipHas(fl, "channelWeeklyTraffic") ? { stream_weekly_traffic: null } : {}),
  };
  for (const def of CHANNEL_SETTINGS) if (channelSettingOn(rt, def, "field")) out[def.name] = c.groups[def.key];
  // Who may subscribe themselves without an invitation: nobody, as on a new channel of a real server; this server
  // lets no one change it.
  if (zulipHas(fl, "channelCanSubscribeGroup")) out.can_subscribe_group = rt.store.groups.system("role:nobody").id;
  if (includeSubscribers) out.subscribers = [...rt.store.subscribersOf(c.id)].sort((a, b) => a - b);
  return out;
}
