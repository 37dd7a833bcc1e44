import { z } from "zod";
import { EditHistoryRecord } from "./edit-history.ts";

export const DmRecipient = z.looseObject({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
});

/** A reaction as the message object lists it, loosely: reaction.ts (reactionSchema) checks its exact keys at a level. */
export const MessageReaction = z.looseObject({
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: z.enum(["unicode_emoji", "realm_emoji", "zulip_extra_emoji"]),
  user_id: z.number().int(),
});

/** The message object (wire §13) of GET /messages, GET /messages/{id} and `message` events. */
export const Message = z.looseObject({
  id: z.number().int().positive(),
  sender_id: z.number().int(),
  sender_email: z.string(),
  sender_full_name: z.string(),
  type: z.enum(["stream", "private"]),
  stream_id: z.number().int().optional(),
  display_recipient: z.union([z.string(), z.array(DmRecipient)]),
  recipient_id: z.number().int(),
  subject: z.string(),
  content: z.string(),
  content_type: z.enum(["text/html", "text/x-markdown"]),
  timestamp: z.number().int(),
  client: z.string(),
  is_me_message: z.boolean(),
  avatar_url: z.string().nullable(),
  reactions: z.array(MessageReaction),
  submessages: z.array(z.unknown()),
  topic_links: z.array(z.unknown()).optional(),
  flags: z.array(z.string()).optional(),
  last_edit_timestamp: z.number().int().optional(),
  last_moved_timestamp: z.number().int().optional(),
  edit_history: z.array(EditHistoryRecord).optional(),
});
export type Message = z.infer<typeof Message>;

/** GET /messages with an anchor (wire §14). */
export const MessagesPage = z.looseObject({
  result: z.literal("success"),
  messages: z.array(Message),
  /** The resolved anchor; "newest" resolves to 10^16, beyond the safe-integer range. */
  anchor: z.number().refine(Number.isInteger, "an integer"),
  found_anchor: z.boolean(),
  found_oldest: z.boolean(),
  found_newest: z.boolean(),
  history_limited: z.boolean(),
});
export type MessagesPage = z.infer<typeof MessagesPage>;
