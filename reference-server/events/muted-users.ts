import type { Runtime } from "../runtime.ts";

/** `muted_users`: the user's whole list of {id, timestamp} after a mute or unmute (no op), to the user's own queues. */
export function publishMutedUsers(rt: Runtime, userId: number): void {
  rt.queues.publish("muted_users", [userId], () => ({ type: "muted_users", muted_users: rt.store.mutedUsers.of(userId) }));
}
