import type { Runtime } from "../runtime.ts";
import type { User } from "../state/types.ts";
import { publishStreamCreate, publishStreamDelete } from "./stream.ts";
import { publishPeers } from "./subscription.ts";

/**
 * Runs a change that may alter which channels some users hear of (a role change), and tells each of them: stream
 * create for channels gained and stream delete for channels lost (FL220), and peer_add naming the subscribers of
 * each channel gained (FL220).
 */
export function withChannelAccessTracking<T>(rt: Runtime, userIds: Iterable<number>, change: () => T): T {
  const users = [...new Set(userIds)].map((id) => rt.store.users.get(id)).filter((u): u is User => u !== undefined && u.isActive);
  const before = new Map(users.map((u) => [u.id, rt.access.channels.channelsHeardOf(u)]));
  const result = change();
  for (const u of users) {
    const was = before.get(u.id)!;
    const now = rt.access.channels.channelsHeardOf(u);
    for (const id of now) {
      if (was.has(id)) continue;
      const channel = rt.store.channels.get(id)!;
      if (rt.fl.has("roleChangeStreamEvents")) publishStreamCreate(rt, channel, [u.id]);
      if (rt.fl.has("roleChangePeerAdd")) publishPeers(rt, "peer_add", channel, [...rt.store.subscribersOf(id)], [u.id]);
    }
    for (const id of was) {
      if (!now.has(id) && rt.fl.has("roleChangeStreamEvents")) publishStreamDelete(rt, rt.store.channels.get(id)!, [u.id]);
    }
  }
  return result;
}
