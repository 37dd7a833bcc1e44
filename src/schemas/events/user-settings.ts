import { z } from "zod";

/** `user_settings` and `realm_user_settings_defaults` op update: one setting's new value (wire §10). */
export const UserSettingUpdateEvent = z.looseObject({
  id: z.number().int(),
  type: z.enum(["user_settings", "realm_user_settings_defaults"]),
  op: z.literal("update"),
  property: z.string(),
  value: z.unknown(),
});
