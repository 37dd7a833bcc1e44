import type { Runtime } from "../runtime.ts";
import type { UserSettingValue } from "../state/user-settings.ts";
import { activeUserIds } from "./realm-user.ts";

/** `user_settings` op update (wire §10): to the user's own clients; a change of default_language names the language too. */
export function publishUserSetting(rt: Runtime, userId: number, property: string, value: UserSettingValue, languageName?: string): void {
  rt.queues.publish("user_settings", [userId], () => ({ type: "user_settings", op: "update", property, value, ...(languageName !== undefined ? { language_name: languageName } : {}) }));
}

/** `realm_user_settings_defaults` op update: to every user of the organization. */
export function publishUserSettingDefault(rt: Runtime, property: string, value: UserSettingValue): void {
  rt.queues.publish("realm_user_settings_defaults", activeUserIds(rt), () => ({ type: "realm_user_settings_defaults", op: "update", property, value }));
}
