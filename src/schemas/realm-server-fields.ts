import { z } from "zod";

/** One permission setting's configuration in server_supported_permission_settings (FL221; wire §11). */
export const PermissionSettingConfig = z.looseObject({
  require_system_group: z.boolean(),
  allow_internet_group: z.boolean(),
  allow_nobody_group: z.boolean(),
  allow_everyone_group: z.boolean(),
  default_group_name: z.string(),
  default_for_system_groups: z.string().nullable(),
});

/** server_supported_permission_settings: realm, stream and group settings by name. */
export const SupportedPermissionSettings = z.looseObject({
  realm: z.record(z.string(), PermissionSettingConfig),
  stream: z.record(z.string(), PermissionSettingConfig),
  group: z.record(z.string(), PermissionSettingConfig),
});

/** One entry of server_thumbnail_formats (FL273). */
export const ThumbnailFormat = z.looseObject({
  name: z.string().min(1),
  max_width: z.number().int().positive(),
  max_height: z.number().int().positive(),
  format: z.string().min(1),
  animated: z.boolean(),
});

/** One method of realm_authentication_methods from FL243 (wire §13). */
export const AuthenticationMethod = z.looseObject({ enabled: z.boolean(), available: z.boolean(), unavailable_reason: z.string().optional() });
