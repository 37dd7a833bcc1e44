import type { Runtime } from "../runtime.ts";
import type { Channel } from "../state/types.ts";
import { serializeChannel } from "../wire/channel.ts";
import { zulipHas } from "../zulip-levels.ts";

/** The active users who hear of a channel (access/channels.ts: metadata access, with the guest rules of FL192/FL205). */
export function channelAudience(rt: Runtime, channel: Channel, creation: boolean): number[] {
  return [...rt.store.users.values()].filter((u) => rt.access.channels.hearsOf(u, channel, creation)).map((u) => u.id);
}

/** stream op create: the new channel's object, to those who hear of it (or to `to`, e.g. a user who gained access). */
export function publishStreamCreate(rt: Runtime, channel: Channel, to: Iterable<number> = channelAudience(rt, channel, true)): void {
  if (rt.faulty("fl153.channels.create-by-subscribing")) return;
  rt.queues.publish("stream", to, () => ({ type: "stream", op: "create", streams: [serializeChannel(rt, channel, false)] }));
}

/**
 * stream op delete: stream_ids from FL343, and the deprecated `streams` throughout: channel objects, which real
 * servers cut down to the stream_id alone when stream_ids came.
 */
export function publishStreamDelete(rt: Runtime, channel: Channel, to: Iterable<number>): void {
  const event: Record<string, unknown> = { type: "stream", op: "delete" };
  if (rt.fl.has("deleteEventStreamIds")) event.stream_ids = [channel.id];
  const streams = zulipHas(rt.fl, "streamDeleteStreamsIdOnly") ? [{ stream_id: channel.id }] : [serializeChannel(rt, channel, false)];
  if (!(rt.faulty("fl343.channels.delete-event-streams-deprecated") && rt.fl.has("deleteEventStreamIds"))) event.streams = streams;
  rt.queues.publish("stream", to, () => ({ ...event }));
}

/** stream op update: one property's new value (with the fields that change together, wire §10). */
export function publishStreamUpdate(
  rt: Runtime,
  channel: Channel,
  property: string,
  value: unknown,
  to: Iterable<number>,
  extra: Record<string, unknown> = {},
): void {
  rt.queues.publish("stream", to, () => ({ type: "stream", op: "update", stream_id: channel.id, name: channel.name, property, value, ...extra }));
}
