import type { Runtime } from "../runtime.ts";
import type { Message, User } from "../state/types.ts";
import type { Submessage } from "../state/submessages.ts";
import { avatarUrl } from "./user.ts";
import { serializeEditHistory } from "./edit-history.ts";
import { topicFor } from "./topic.ts";

/** The string_id of the organization system bots belong to on a real server, their messages' sender_realm_str. */
const SYSTEM_BOT_REALM = "zulipinternal";

export interface MessageView {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  /** The client accepts "" as a topic (capability empty_topic_name, or allow_empty_topic_name). */
  allowEmptyTopic: boolean;
}

/** The message object of GET /messages and `message` events (wire §13), as `viewer` sees it. */
export function serializeMessage(rt: Runtime, message: Message, view: MessageView): Record<string, unknown> {
  const { store } = rt;
  const sender = store.messageUser(message.senderId)!;
  const out: Record<string, unknown> = {
    id: message.id,
    sender_id: sender.id,
    sender_email: sender.email,
    sender_full_name: sender.fullName,
    sender_realm_str: store.systemBots.has(sender.id) ? SYSTEM_BOT_REALM : store.realm.stringId,
    type: message.type,
    recipient_id: message.recipientId,
    subject: subjectFor(rt, message, view),
    topic_links: [],
    content: view.applyMarkdown ? message.renderedContent : message.content,
    content_type: view.applyMarkdown ? "text/html" : "text/x-markdown",
    timestamp: message.timestamp,
    client: message.client,
    is_me_message: message.content.startsWith("/me "),
    avatar_url: avatarUrl(sender, view.clientGravatar),
    reactions: message.reactions.map((r) => serializeReaction(rt, r)),
    submessages: rt.faulty("fl153.messages.submessage") ? [] : store.submessages.of(message.id).map(serializeSubmessage),
  };
  if (message.type === "stream") {
    const channel = store.channels.get(message.channelId!)!;
    out.stream_id = channel.id;
    out.display_recipient = channel.name;
  } else {
    out.display_recipient = message.dmUserIds.map((id) => dmRecipient(store.messageUser(id)!));
  }
  if (message.lastEditTimestamp !== null) out.last_edit_timestamp = message.lastEditTimestamp;
  if (message.lastMovedTimestamp !== null && rt.fl.has("lastMovedTimestamp")) out.last_moved_timestamp = message.lastMovedTimestamp;
  const editHistory = serializeEditHistory(rt, message, view.allowEmptyTopic);
  if (editHistory && !rt.faulty("fl153.messages.edit-history-array")) out.edit_history = editHistory;
  return out;
}

/**
 * `serializeMessage`'s JSON, encoded, without its closing brace (callers add the viewer's fields, such as `flags`), from the
 * store's fragment cache: one entry per message and kind of view.
 */
export function messageJsonOpen(rt: Runtime, message: Message, view: MessageView): Buffer {
  const variant = (view.applyMarkdown ? 1 : 0) | (view.clientGravatar ? 2 : 0) | (view.allowEmptyTopic ? 4 : 0);
  return rt.store.fragments.get(message.id * 8 + variant, () => Buffer.from(JSON.stringify(serializeMessage(rt, message, view)).slice(0, -1)));
}

/** The topic of a channel message as the view sees it (FL334 substitution); direct messages always have "". */
function subjectFor(rt: Runtime, message: Message, view: MessageView): string {
  if (message.type === "stream") return topicFor(rt, message.topic, view.allowEmptyTopic);
  return rt.faulty("fl334.messages.empty-topic-channel-only") ? topicFor(rt, "", view.allowEmptyTopic) : "";
}

function serializeSubmessage(s: Submessage): Record<string, unknown> {
  return { id: s.id, message_id: s.messageId, sender_id: s.senderId, msg_type: s.msgType, content: s.content };
}

function dmRecipient(u: User): Record<string, unknown> {
  return { id: u.id, email: u.email, full_name: u.fullName, is_mirror_dummy: false };
}

function serializeReaction(rt: Runtime, r: Message["reactions"][number]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    emoji_name: r.emojiName,
    emoji_code: r.emojiCode,
    reaction_type: r.reactionType,
    user_id: r.userId,
  };
  if (!rt.fl.has("reactionUserDictRemoved")) {
    const u = rt.store.users.get(r.userId);
    if (u) out.user = { id: u.id, email: u.email, full_name: u.fullName };
  }
  return out;
}
