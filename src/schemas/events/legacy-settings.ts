import { z } from "zod";

/**
 * The settings events of clients without the user_settings_object capability (wire §8.2): a display setting as
 * `update_display_settings` (setting_name), a notification setting as `update_global_notifications`
 * (notification_name), each with the new value in `setting`.
 */
export const UpdateDisplaySettingsEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("update_display_settings"),
  setting_name: z.string(),
  setting: z.unknown(),
});
export const UpdateGlobalNotificationsEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("update_global_notifications"),
  notification_name: z.string(),
  setting: z.unknown(),
});
