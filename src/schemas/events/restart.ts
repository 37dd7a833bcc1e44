import { z } from "zod";

/**
 * `restart`: the server restarted (a deployment). Version, merge base and level after the restart, the server's
 * generation (when it started); before FL240 an optional `immediate` flag, which FL240 removed.
 */
export const RestartEvent = z.looseObject({
  id: z.number().int().nonnegative(),
  type: z.literal("restart"),
  chat_version: z.string().min(1),
  chat_merge_base: z.string().optional(),
  chat_feature_level: z.number().int().nonnegative(),
  server_generation: z.number().int(),
  immediate: z.boolean().optional(),
});

/** `web_reload_client` (FL240): web clients should reload their code; `immediate` says whether without backoff. */
export const WebReloadClientEvent = z.strictObject({
  id: z.number().int().nonnegative(),
  type: z.literal("web_reload_client"),
  immediate: z.boolean().optional(),
});
