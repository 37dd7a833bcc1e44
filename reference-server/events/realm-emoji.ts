import { realmEmojiMap } from "../wire/realm-emoji.ts";
import type { Runtime } from "../runtime.ts";

/** `realm_emoji` op `update` {realm_emoji}: every custom emoji, after one was added or deactivated. */
export function publishRealmEmoji(rt: Runtime): void {
  const users = [...rt.store.users.values()].filter((u) => u.isActive).map((u) => u.id);
  const realmEmoji = realmEmojiMap(rt);
  rt.queues.publish("realm_emoji", users, () => ({ type: "realm_emoji", op: "update", realm_emoji: realmEmoji }));
}
