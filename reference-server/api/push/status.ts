import { publishPushStatusChanges } from "../../events/realm-push.ts";
import type { Runtime } from "../../runtime.ts";
import { pushNotificationsEnabled, pushNotificationsEndTimestamp } from "../../wire/push-status.ts";

const RealmAnswer = (body: unknown): { can_push: boolean; expected_end_timestamp: number | null } | undefined => {
  const realm = (body as { realm?: unknown } | null)?.realm as { can_push?: unknown; expected_end_timestamp?: unknown } | undefined;
  if (typeof realm?.can_push !== "boolean") return undefined;
  const end = typeof realm.expected_end_timestamp === "number" ? realm.expected_end_timestamp : null;
  return { can_push: realm.can_push, expected_end_timestamp: end };
};

/** Takes in the bouncer's answer ({realm: {can_push, expected_end_timestamp}}); tells clients what changed. */
export function applyBouncerAnswer(rt: Runtime, body: unknown): void {
  const answer = RealmAnswer(body);
  if (!answer) return;
  const before = { enabled: pushNotificationsEnabled(rt), end: pushNotificationsEndTimestamp(rt) };
  rt.store.pushStatus.canPush = answer.can_push;
  rt.store.pushStatus.endTimestamp = answer.expected_end_timestamp;
  const changes: Array<{ property: string; value: boolean | number | null }> = [];
  if (pushNotificationsEnabled(rt) !== before.enabled) changes.push({ property: "push_notifications_enabled", value: pushNotificationsEnabled(rt) });
  if (rt.fl.has("pushNotificationsEndTimestamp") && pushNotificationsEndTimestamp(rt) !== before.end) {
    changes.push({ property: "push_notifications_enabled_end_timestamp", value: pushNotificationsEndTimestamp(rt) });
  }
  if (rt.fl.has("pushEnabledUpdateEvent")) publishPushStatusChanges(rt, changes);
}
