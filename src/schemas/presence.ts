import { z } from "zod";

/** One client's entry in the legacy presence format (wire §7.11). */
export const LegacyClientPresence = z.looseObject({
  status: z.enum(["active", "idle"]),
  timestamp: z.number().int(),
  client: z.string(),
  pushable: z.boolean(),
});

/**
 * A user's legacy presence: `aggregated` plus one entry per client (since FL178 only `website`). The spec shows
 * neither entry; Zulip 10.2 leaves `pushable` out of `aggregated` (its LegacyPresenceFormat), which wire §13 gives
 * every entry, so the aggregate may lack it.
 */
export const LegacyPresence = z.looseObject({ aggregated: LegacyClientPresence.extend({ pushable: z.boolean().optional() }) }).catchall(LegacyClientPresence);

/** A user's modern (slim) presence. */
export const SlimPresence = z.looseObject({ active_timestamp: z.number().int(), idle_timestamp: z.number().int() });

/** `presences` keyed by user id (slim) or by email (legacy). */
export const SlimPresences = z.record(z.string().regex(/^\d+$/), SlimPresence);
export const LegacyPresences = z.record(z.string().includes("@"), LegacyPresence);

/** The response of POST /users/me/presence (presence_last_update_id from FL263; no presences with ping_only). */
export const PresenceResponse = z.looseObject({
  presences: z.record(z.string(), z.unknown()).optional(),
  server_timestamp: z.number(),
  presence_last_update_id: z.number().int().optional(),
});
export type PresenceResponse = z.infer<typeof PresenceResponse>;
