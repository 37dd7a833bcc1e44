import { playgroundList } from "../wire/playground.ts";
import type { Runtime } from "../runtime.ts";

/** `realm_playgrounds` with the whole list after any change, to every active user. */
export function publishPlaygrounds(rt: Runtime): void {
  const users = [...rt.store.users.values()].filter((u) => u.isActive).map((u) => u.id);
  const list = playgroundList(rt);
  rt.queues.publish("realm_playgrounds", users, () => ({ type: "realm_playgrounds", realm_playgrounds: list }));
}
