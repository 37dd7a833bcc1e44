import { z } from "zod";

/** What every POST /register response holds, whatever fetch_event_types asked for (wire §8.3). */
export const RegisterResponse = z.looseObject({
  result: z.literal("success"),
  queue_id: z.string().min(1),
  last_event_id: z.number().int().min(-1),
  chat_feature_level: z.number().int().nonnegative(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;
