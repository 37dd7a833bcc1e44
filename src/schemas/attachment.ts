import { z } from "zod";

/** An uploaded file (OpenAPI Attachment): as listed in PATCH /messages/{message_id} detached_uploads (FL285). */
export const Attachment = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  path_id: z.string(),
  size: z.number().int(),
  create_time: z.number().int(),
  messages: z.array(z.looseObject({ id: z.number().int(), date_sent: z.number().int() })),
});
export type Attachment = z.infer<typeof Attachment>;

/** PATCH /messages/{message_id} success: detached_uploads from FL285 (absent before). */
export const UpdateMessageResponse = z.looseObject({
  result: z.literal("success"),
  detached_uploads: z.array(Attachment).optional(),
});
