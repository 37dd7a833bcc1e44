import { profileFieldList } from "../wire/profile-field.ts";
import type { Runtime } from "../runtime.ts";

/** `custom_profile_fields` {fields}: the whole list after any change, to every active user. */
export function publishProfileFields(rt: Runtime): void {
  const users = [...rt.store.users.values()].filter((u) => u.isActive).map((u) => u.id);
  const fields = profileFieldList(rt);
  rt.queues.publish("custom_profile_fields", users, () => ({ type: "custom_profile_fields", fields }));
}
