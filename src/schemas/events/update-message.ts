import { z } from "zod";

const Propagate = z.enum(["change_one", "change_later", "change_all"]);

/** `update_message` events (wire §10): always the editor, time, message ids, flags and rendering_only; the rest by what changed. */
export const UpdateMessageEvent = z.looseObject({
  id: z.number().int().nonnegative(),
  type: z.literal("update_message"),
  user_id: z.number().int().nullable(),
  edit_timestamp: z.number().int(),
  message_id: z.number().int(),
  message_ids: z.array(z.number().int()).min(1),
  flags: z.array(z.string()),
  rendering_only: z.boolean(),
  stream_id: z.number().int().optional(),
  stream_name: z.string().optional(),
  new_stream_id: z.number().int().optional(),
  propagate_mode: Propagate.optional(),
  orig_subject: z.string().optional(),
  subject: z.string().optional(),
  topic_links: z.array(z.unknown()).optional(),
  orig_content: z.string().optional(),
  orig_rendered_content: z.string().optional(),
  content: z.string().optional(),
  rendered_content: z.string().optional(),
  is_me_message: z.boolean().optional(),
});
export type UpdateMessageEvent = z.infer<typeof UpdateMessageEvent>;
