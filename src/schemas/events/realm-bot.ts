import { z } from "zod";

/** `realm_bot` events (wire §10): add, update, remove (before FL222, deactivation) and delete, each with `bot`. */
export const RealmBotEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("realm_bot"),
  op: z.enum(["add", "update", "remove", "delete"]),
  bot: z.looseObject({ user_id: z.number().int() }),
});
