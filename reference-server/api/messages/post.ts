import { publishMessage, type LocalEcho } from "../../events/message.ts";
// --- uploads: attachments (imports) ---
import { publishAttachmentClaims } from "../../events/attachment.ts";
import { uploadPaths } from "../../state/attachments.ts";
import type { Runtime } from "../../runtime.ts";
import type { Channel, Message, User } from "../../state/types.ts";
import { addMentionFlags } from "./mentions.ts";
import { renderMarkdown } from "./render.ts";
// --- messages: rendering (imports) ---
import { finishThumbnails } from "./thumbnails.ts";
// --- webhooks (imports) ---
import { deliverOutgoingWebhooks } from "../webhooks/outgoing.ts";
// --- push (imports) ---
import { pushDirectMessage } from "../push/notify.ts";
// --- muted users (imports) ---
import { readForMuters } from "../users/muted-users.ts";

/** Where a new message goes: a channel topic, or a direct conversation with these recipients. */
export type Destination = { type: "stream"; channel: Channel; topic: string } | { type: "private"; recipients: readonly User[] };

export interface PostOptions {
  /** Whether the sender's copy starts read (FL236 read_by_sender); the heuristic says yes. */
  readBySender?: boolean | undefined;
  /** The sender's `queue_id` and `local_id`: that queue's message event echoes `local_message_id` (local echo). */
  localEcho?: LocalEcho | undefined;
}

/**
 * Stores a new message from `sender` and sends each receiver its `message` event. Permission checks are the
 * caller's (POST /messages answers them; scheduled delivery marks the scheduled message failed).
 */
export function postMessage(rt: Runtime, sender: User, dest: Destination, content: string, opts: PostOptions = {}): Message {
  const { store } = rt;
  const base = {
    id: store.nextMessageId(),
    senderId: sender.id,
    content,
    renderedContent: renderMarkdown(content, { rt }),
    timestamp: store.clock(),
    client: "API",
    reactions: [],
    lastEditTimestamp: null,
    lastMovedTimestamp: null,
  };
  const receivers = new Map<number, Set<string>>();
  let message: Message;
  if (dest.type === "stream") {
    const { channel, topic } = dest;
    message = { ...base, type: "stream", channelId: channel.id, topic, dmUserIds: [], recipientId: channel.recipientId };
    for (const id of store.subscribersOf(channel.id)) receivers.set(id, new Set());
  } else {
    const userIds = [...new Set([sender.id, ...dest.recipients.map((u) => u.id)])].sort((a, b) => a - b);
    message = { ...base, type: "private", channelId: null, topic: "", dmUserIds: userIds, recipientId: store.conversationRecipientId(userIds) };
    for (const id of userIds) receivers.set(id, new Set());
  }
  receivers.set(sender.id, new Set(opts.readBySender === false ? [] : ["read"]));
  addMentionFlags(rt, content, receivers);
  readForMuters(rt, sender.id, receivers); // --- muted users ---
  store.addMessage(message, receivers);
  publishAttachmentClaims(rt, message, uploadPaths(content)); // --- uploads: attachments ---
  publishMessage(rt, message, receivers, opts.localEcho);
  finishThumbnails(rt, message); // --- messages: rendering ---
  deliverOutgoingWebhooks(rt, message, receivers); // --- webhooks ---
  pushDirectMessage(rt, message); // --- push ---
  return message;
}
