import { z } from "zod";

/** GET /server_settings (wire §7), with the realm fields a server naming one realm sends. */
export const ServerSettings = z.looseObject({
  result: z.literal("success"),
  chat_feature_level: z.number().int().nonnegative(),
  chat_version: z.string(),
  authentication_methods: z.record(z.string(), z.boolean()),
  realm_uri: z.string().url().optional(),
  realm_url: z.string().url().optional(),
  realm_name: z.string().optional(),
});
export type ServerSettings = z.infer<typeof ServerSettings>;
