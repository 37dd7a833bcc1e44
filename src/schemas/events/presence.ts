import { z } from "zod";
import { LegacyClientPresence } from "../presence.ts";

/** `presence` (wire §10, legacy shape): one user's new presence, by client. */
export const PresenceEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("presence"),
  user_id: z.number().int(),
  email: z.string(),
  server_timestamp: z.number(),
  presence: z.record(z.string(), LegacyClientPresence),
});
