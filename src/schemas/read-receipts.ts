import { z } from "zod";

/** GET /messages/{message_id}/read_receipts (wire §15). */
export const ReadReceiptsResponse = z.looseObject({ result: z.literal("success"), user_ids: z.array(z.number().int()) });
