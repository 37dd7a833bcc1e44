import type { Runtime } from "../runtime.ts";
import type { User } from "../state/types.ts";
import { serializeUser } from "../wire/user.ts";
import { publishUserRemoved } from "./realm-user.ts";

/**
 * Runs a change that may alter which users some viewers can access (subscriptions, direct messages, roles), and
 * tells each restricted viewer (FL225) what changed: a realm_user add for a user it gained access to (FL228), a
 * remove for one it lost (FL228). `viewerIds`: the users whose access the change may touch.
 */
export function withAccessTracking<T>(rt: Runtime, viewerIds: Iterable<number>, change: () => T): T {
  const viewers = [...new Set(viewerIds)].map((id) => rt.store.users.get(id)).filter((u): u is User => u !== undefined && u.isActive);
  const before = new Map(viewers.map((v) => [v.id, accessibleIds(rt, v)]));
  const result = change();
  for (const viewer of viewers) {
    const was = before.get(viewer.id)!;
    const now = accessibleIds(rt, viewer);
    if (was === null && now === null) continue;
    for (const user of rt.store.users.values()) {
      if (user.isBot || user.id === viewer.id) continue;
      const had = was === null || was.has(user.id);
      const has = now === null || now.has(user.id);
      if (has && !had && rt.fl.has("accessGainedAddEvent")) publishGained(rt, viewer, user);
      if (had && !has && rt.fl.has("accessLostRemoveEvent")) publishUserRemoved(rt, user, [viewer.id]);
    }
  }
  return result;
}

/** The ids of the users the viewer can access when that is limited (bots aside, always accessible); null: everyone. */
function accessibleIds(rt: Runtime, viewer: User): Set<number> | null {
  if (!rt.access.isUserAccessRestricted(viewer)) return null;
  const visible = rt.access.userFilter(viewer);
  return new Set([...rt.store.users.values()].filter((u) => !u.isBot && visible(u)).map((u) => u.id));
}

function publishGained(rt: Runtime, viewer: User, user: User): void {
  rt.queues.publish("realm_user", [viewer.id], (q) => ({ type: "realm_user", op: "add", person: serializeUser(rt, viewer, user, q.options.clientGravatar) }));
}
