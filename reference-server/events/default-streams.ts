import { serializeChannel } from "../wire/channel.ts";
import type { Runtime } from "../runtime.ts";
import { zulipHas } from "../zulip-levels.ts";

/**
 * The default channels as register's realm_default_streams and the default_streams event carry them: channel IDs
 * from FL330, channel objects sorted by name before.
 */
export function defaultStreamsValue(rt: Runtime): unknown[] {
  const channels = [...rt.store.channels.values()].filter((c) => c.isDefault && !c.isArchived);
  if (zulipHas(rt.fl, "defaultChannelIds")) return channels.map((c) => c.id).sort((a, b) => a - b);
  return channels.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((c) => serializeChannel(rt, c, false));
}

/** Who hears of the default channels and their groups: every active user but guests (who are told of none). */
const nonGuestIds = (rt: Runtime): number[] => [...rt.store.users.values()].filter((u) => u.isActive && !rt.access.isGuest(u)).map((u) => u.id);

/** `default_streams` with the whole set, to every active user but guests. */
export function publishDefaultStreams(rt: Runtime): void {
  const value = defaultStreamsValue(rt);
  rt.queues.publish("default_streams", nonGuestIds(rt), () => ({ type: "default_streams", default_streams: value }));
}

/** The default channel groups as register's realm_default_stream_groups and their event carry them: channels as in defaultStreamsValue. */
export function defaultStreamGroupsValue(rt: Runtime): unknown[] {
  const ids = zulipHas(rt.fl, "defaultChannelIds");
  return rt.store.realmStatus.defaultChannelGroups.map((g) => {
    const channels = g.channelIds.flatMap((id) => {
      const c = rt.store.channels.get(id);
      return c && !c.isArchived ? [c] : [];
    });
    return {
      id: g.id,
      name: g.name,
      description: g.description,
      streams: ids ? channels.map((c) => c.id) : channels.map((c) => serializeChannel(rt, c, false)),
    };
  });
}

/** `default_stream_groups` with every group, to every active user but guests (as default_streams). */
export function publishDefaultStreamGroups(rt: Runtime): void {
  const value = defaultStreamGroupsValue(rt);
  rt.queues.publish("default_stream_groups", nonGuestIds(rt), () => ({ type: "default_stream_groups", default_stream_groups: value }));
}
