import { z } from "zod";
import { Attachment } from "../attachment.ts";

/** `attachment` op add and update: the file as GET /attachments lists it, and the organization's upload_space_used. */
export const AttachmentEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("attachment"),
  op: z.enum(["add", "update"]),
  attachment: Attachment,
  upload_space_used: z.number().int(),
});

/** `attachment` op remove: the deleted file's id alone, and upload_space_used after it. */
export const AttachmentRemoveEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("attachment"),
  op: z.literal("remove"),
  attachment: z.looseObject({ id: z.number().int() }),
  upload_space_used: z.number().int(),
});
