import { publishMessage, type LocalEcho } from "../../events/message.ts";
import { publishAttachmentClaims } from "../../events/attachment.ts";
import { uploadPaths } from "../../state/attachments.ts";
import type { Runtime } from "../../runtime.ts";
import type { Channel, Message, User } from "../../state/types.ts";
import { addMentionFlags } from "./mentions.ts";
import { NO_FLAGS, type Receivers } from "./receivers.ts";
import { renderMarkdown } from "./render.ts";
import { finishThumbnails } from "./thumbnails.ts";
import { deliverOutgoingWebhooks } from "../webhooks/outgoing.ts";
import { pushDirectMessage } from "../push/notify.ts";
import { readForMuters } from "../users/muted-users.ts";
import { DEFAULT_CLIENT } from "./client-name.ts";

/** Where a new message goes: a channel topic, or a direct conversation with these recipients. */
export type Destination = { type: "stream"; channel: Channel; topic: string } | { type: "private"; recipients: readonly User[] };

export interface PostOptions {
  /** Whether the sender's copy starts read (FL236 read_by_sender); the heuristic says yes. */
  readBySender?: boolean | undefined;
  /** The sender's `queue_id` and `local_id`: that queue's message event echoes `local_message_id` (local echo). */
  localEcho?: LocalEcho | undefined;
  /** The sending client's name (client-name.ts); DEFAULT_CLIENT when the message comes from no request. */
  client?: string | undefined;
}

/**
 * A new message record, every field written in one literal in one order: all messages share one object shape
 * (a spread of a common part gave each message its own hidden class, over 400 bytes apiece in a large history).
 */
export function newMessage(
  id: number,
  sender: User,
  type: Message["type"],
  channelId: number | null,
  topic: string,
  dmUserIds: number[],
  recipientId: number,
  content: string,
  renderedContent: string,
  timestamp: number,
  client: string = DEFAULT_CLIENT,
): Message {
  return {
    id,
    senderId: sender.id,
    type,
    channelId,
    topic,
    dmUserIds,
    recipientId,
    content,
    renderedContent,
    timestamp,
    client,
    reactions: [],
    lastEditTimestamp: null,
    lastMovedTimestamp: null,
  };
}

const SENDER_READ: ReadonlySet<string> = new Set(["read"]);

/**
 * Stores a new message from `sender` and sends each receiver its `message` event. Permission checks are the
 * caller's (POST /messages answers them; scheduled delivery marks the scheduled message failed).
 */
export function postMessage(rt: Runtime, sender: User, dest: Destination, content: string, opts: PostOptions = {}): Message {
  const { store } = rt;
  const id = store.nextMessageId();
  const rendered = renderMarkdown(content, { rt, senderId: sender.id });
  const timestamp = store.clock();
  const receivers: Receivers = new Map();
  let message: Message;
  if (dest.type === "stream") {
    const { channel, topic } = dest;
    message = newMessage(id, sender, "stream", channel.id, topic, [], channel.recipientId, content, rendered, timestamp, opts.client);
    for (const userId of store.subscribersOf(channel.id)) receivers.set(userId, NO_FLAGS);
  } else {
    const userIds = [...new Set([sender.id, ...dest.recipients.map((u) => u.id)])].sort((a, b) => a - b);
    message = newMessage(id, sender, "private", null, "", userIds, store.conversationRecipientId(userIds), content, rendered, timestamp, opts.client);
    for (const userId of userIds) receivers.set(userId, NO_FLAGS);
  }
  receivers.set(sender.id, opts.readBySender === false ? NO_FLAGS : SENDER_READ);
  addMentionFlags(rt, content, receivers);
  readForMuters(rt, sender.id, receivers);
  store.addMessage(message, receivers);
  publishAttachmentClaims(rt, message, uploadPaths(content));
  publishMessage(rt, message, receivers, opts.localEcho);
  finishThumbnails(rt, message);
  deliverOutgoingWebhooks(rt, message, receivers);
  pushDirectMessage(rt, message);
  return message;
}
