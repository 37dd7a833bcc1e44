import type { Runtime } from "../runtime.ts";
import { USER_SETTING_BY_NAME, type UserSettingValue } from "../state/user-settings.ts";
import { activeUserIds } from "./realm-user.ts";

/**
 * `user_settings` op update (wire §10): to the user's own clients; a change of default_language names the language
 * too. A setting of a legacy section is also sent as that section's legacy event (`update_display_settings` with
 * setting_name, `update_global_notifications` with notification_name) to the user's queues without
 * user_settings_object (wire §8.2).
 */
export function publishUserSetting(rt: Runtime, userId: number, property: string, value: UserSettingValue, languageName?: string): void {
  const language = languageName !== undefined ? { language_name: languageName } : {};
  rt.queues.publish("user_settings", [userId], () => ({ type: "user_settings", op: "update", property, value, ...language }));
  const legacy = USER_SETTING_BY_NAME.get(property)?.legacy;
  const user = rt.store.users.get(userId);
  if (legacy === undefined || user === undefined) return;
  rt.queues.publish(legacy, [userId], (q) => {
    if (q.options.capabilities.user_settings_object) return null;
    return legacy === "update_display_settings"
      ? { type: legacy, user: user.email, setting_name: property, setting: value, ...language }
      : { type: legacy, user: user.email, notification_name: property, setting: value };
  });
}

/** `realm_user_settings_defaults` op update: to every user of the organization. */
export function publishUserSettingDefault(rt: Runtime, property: string, value: UserSettingValue): void {
  rt.queues.publish("realm_user_settings_defaults", activeUserIds(rt), () => ({ type: "realm_user_settings_defaults", op: "update", property, value }));
}
