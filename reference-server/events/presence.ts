import { legacyClientEntry, presenceLimited } from "../wire/presence.ts";
import type { Runtime } from "../runtime.ts";
import type { PresenceRecord } from "../state/presence.ts";
import type { User } from "../state/types.ts";
import { userAudience } from "./realm-user.ts";

/**
 * `presence` (wire §10, legacy shape): to every user, or, when presence follows user access (the server setting,
 * FL228), to the users who can access `user`.
 */
export function publishPresence(rt: Runtime, user: User, r: PresenceRecord): void {
  const to = userAudience(rt, user, presenceLimited(rt, "presenceEventAccessibleOnly"));
  const entry = legacyClientEntry(rt, r);
  rt.queues.publish("presence", to, () => ({
    type: "presence",
    user_id: user.id,
    email: user.email,
    server_timestamp: rt.store.clock(),
    presence: { [String(entry.client)]: entry },
  }));
}
