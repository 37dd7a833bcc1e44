import { z } from "zod";

/** One record of a message object's `edit_history` (wire §13): newest first; prev_ values for what the edit changed. */
export const EditHistoryRecord = z.looseObject({
  timestamp: z.number().int(),
  user_id: z.number().int().nullable(),
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  prev_stream: z.number().int().optional(),
  stream: z.number().int().optional(),
  prev_topic: z.string().optional(),
  topic: z.string().optional(),
});
export type EditHistoryRecord = z.infer<typeof EditHistoryRecord>;

/** A snapshot of GET /messages/{message_id}/history: the message after one edit (the first: the original). */
export const HistorySnapshot = z.looseObject({
  topic: z.string(),
  content: z.string(),
  rendered_content: z.string(),
  timestamp: z.number().int(),
  user_id: z.number().int().nullable(),
  prev_topic: z.string().optional(),
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  content_html_diff: z.string().optional(),
  prev_stream: z.number().int().optional(),
  stream: z.number().int().optional(),
});
export type HistorySnapshot = z.infer<typeof HistorySnapshot>;

/** GET /messages/{message_id}/history success: the snapshots, oldest first. */
export const MessageHistoryResponse = z.looseObject({
  result: z.literal("success"),
  message_history: z.array(HistorySnapshot).min(1),
});
