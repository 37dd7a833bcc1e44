import type { Runtime } from "../runtime.ts";
import type { Channel } from "../state/types.ts";
import { serializeSubscription } from "../wire/subscription.ts";

/** subscription op add: to the user who was subscribed, with the subscription objects. */
export function publishSubscriptionAdd(rt: Runtime, userId: number, channels: Channel[]): void {
  if (channels.length === 0) return;
  rt.queues.publish("subscription", [userId], () => ({
    type: "subscription",
    op: "add",
    subscriptions: channels.map((c) => serializeSubscription(rt, c, true, userId)),
  }));
}

/** subscription op remove: to the user who left, naming the channels. */
export function publishSubscriptionRemove(rt: Runtime, userId: number, channels: Channel[]): void {
  if (channels.length === 0) return;
  rt.queues.publish("subscription", [userId], () => ({
    type: "subscription",
    op: "remove",
    subscriptions: channels.map((c) => ({ name: c.name, stream_id: c.id })),
  }));
}

/** subscription op update: one of the user's personal settings for a channel, to the user's own clients. */
export function publishSubscriptionUpdate(rt: Runtime, userId: number, channelId: number, property: string, value: boolean | string): void {
  rt.queues.publish("subscription", [userId], () => ({ type: "subscription", op: "update", property, value, stream_id: channelId }));
}

/** The active users who hear of others joining or leaving the channel (access/channels.ts, FL205 for guests). */
export function peerAudience(rt: Runtime, channel: Channel): number[] {
  return [...rt.store.users.values()].filter((u) => rt.access.channels.hearsOfPeers(u, channel)).map((u) => u.id);
}

/** subscription op peer_add / peer_remove: users who joined or left, to the others who hear of the channel (or to `to`). */
export function publishPeers(rt: Runtime, op: "peer_add" | "peer_remove", channel: Channel, userIds: number[], to?: Iterable<number>): void {
  if (userIds.length === 0) return;
  const skip = new Set(userIds);
  const audience = [...(to ?? peerAudience(rt, channel))].filter((id) => to !== undefined || !skip.has(id));
  rt.queues.publish("subscription", audience, () => ({ type: "subscription", op, stream_ids: [channel.id], user_ids: [...userIds] }));
}
