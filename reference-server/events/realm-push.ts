import type { Runtime } from "../runtime.ts";

/** `realm` op `update` for each push-notification property that changed (FL231), to every active user. */
export function publishPushStatusChanges(rt: Runtime, changes: ReadonlyArray<{ property: string; value: boolean | number | null }>): void {
  if (changes.length === 0) return;
  const users = [...rt.store.users.values()].filter((u) => u.isActive).map((u) => u.id);
  for (const { property, value } of changes) rt.queues.publish("realm", users, () => ({ type: "realm", op: "update", property, value }));
}
