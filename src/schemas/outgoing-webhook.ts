import { z } from "zod";

/** The JSON the server posts to an outgoing-webhook bot's URL (wire §15, `/chat-outgoing-webhook`). */
export const OutgoingWebhookPayload = z.looseObject({
  bot_email: z.string(),
  bot_full_name: z.string(),
  data: z.string(),
  trigger: z.string(),
  token: z.string(),
  message: z.looseObject({ id: z.number().int() }),
});
