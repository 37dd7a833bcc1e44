import { SortedIds } from "./sorted-ids.ts";
import type { Message } from "./types.ts";

/** A direct conversation's key: its users' ids, each once, in order. */
export function conversationKey(userIds: readonly number[]): string {
  return [...new Set(userIds)].sort((a, b) => a - b).join(",");
}

/**
 * The ascending id lists every narrow starts from: all messages; each channel's; each topic's (by channel and
 * lower-cased name); each direct conversation's; each user's received and sent messages. And one string per
 * distinct topic name, so that a large history holds each name once. The store keeps them right as messages are
 * added, moved and deleted; readers get a list to read (a new empty one where there is none).
 */
export class MessageIndex {
  readonly all = new SortedIds();
  private readonly byChannel = new Map<number, SortedIds>();
  private readonly byTopic = new Map<string, SortedIds>();
  /** channel id → lower-cased topic → the topic's messages (the same lists as byTopic) */
  private readonly topicsByChannel = new Map<number, Map<string, SortedIds>>();
  private readonly byConversation = new Map<string, SortedIds>();
  /** user id → the messages the user received, in order */
  private readonly received = new Map<number, SortedIds>();
  /** user id → the direct messages the user received, in order (recent_private_conversations reads the newest) */
  private readonly receivedDirect = new Map<number, SortedIds>();
  /** user id → the messages the user sent, in order (the `sender` narrow) */
  private readonly bySender = new Map<number, SortedIds>();
  private readonly topicNames = new Map<string, string>();

  addUser(userId: number): void {
    this.received.set(userId, new SortedIds());
  }

  addChannel(channelId: number): void {
    this.byChannel.set(channelId, new SortedIds());
  }

  /** Indexes a new message by sender and place (its topic name interned first); receivers are `addReceived`'s. */
  add(message: Message): void {
    message.topic = this.intern(message.topic);
    this.all.add(message.id);
    let sent = this.bySender.get(message.senderId);
    if (!sent) this.bySender.set(message.senderId, (sent = new SortedIds()));
    sent.add(message.id);
    if (message.type === "stream" && message.channelId !== null) {
      this.byChannel.get(message.channelId)!.add(message.id);
      this.topicList(message.channelId, message.topic).add(message.id);
    } else {
      this.conversationList(message.dmUserIds).add(message.id);
    }
  }

  /** Takes a message out of every list: its own, and the received lists of `holders` (the users who had it). */
  remove(message: Message, holders: Iterable<number>): void {
    this.all.remove(message.id);
    this.bySender.get(message.senderId)?.remove(message.id);
    if (message.type === "stream" && message.channelId !== null) {
      this.byChannel.get(message.channelId)!.remove(message.id);
      this.topicList(message.channelId, message.topic).remove(message.id);
    } else {
      this.conversationList(message.dmUserIds).remove(message.id);
    }
    for (const userId of holders) {
      this.received.get(userId)?.remove(message.id);
      this.receivedDirect.get(userId)?.remove(message.id);
    }
  }

  /** Moves a channel message's entries to another channel and/or topic, and sets its channel and topic. */
  move(message: Message, channelId: number, topic: string): void {
    const from = message.channelId!;
    this.topicList(from, message.topic).remove(message.id);
    if (from !== channelId) {
      this.byChannel.get(from)!.remove(message.id);
      this.byChannel.get(channelId)!.add(message.id);
      message.channelId = channelId;
    }
    message.topic = this.intern(topic);
    this.topicList(channelId, topic).add(message.id);
  }

  /** Files a message among the user's received ones (and their direct ones, for a direct message). */
  addReceived(userId: number, messageId: number, direct: boolean): void {
    this.received.get(userId)?.add(messageId);
    if (!direct) return;
    let ids = this.receivedDirect.get(userId);
    if (!ids) this.receivedDirect.set(userId, (ids = new SortedIds()));
    ids.add(messageId);
  }

  removeReceived(userId: number, messageId: number): void {
    this.received.get(userId)?.remove(messageId);
    this.receivedDirect.get(userId)?.remove(messageId);
  }

  channel(channelId: number): SortedIds {
    return this.byChannel.get(channelId) ?? new SortedIds();
  }

  topic(channelId: number, topic: string): SortedIds {
    return this.byTopic.get(`${channelId}\0${topic.toLowerCase()}`) ?? new SortedIds();
  }

  conversation(userIds: readonly number[]): SortedIds {
    return this.byConversation.get(conversationKey(userIds)) ?? new SortedIds();
  }

  receivedBy(userId: number): SortedIds {
    return this.received.get(userId) ?? new SortedIds();
  }

  /** The direct messages the user received, in order. */
  directReceivedBy(userId: number): SortedIds {
    return this.receivedDirect.get(userId) ?? new SortedIds();
  }

  sentBy(userId: number): SortedIds {
    return this.bySender.get(userId) ?? new SortedIds();
  }

  /** The channel's topics (lower-cased name → messages); a topic whose messages were all deleted is empty. */
  channelTopics(channelId: number): ReadonlyMap<string, SortedIds> {
    return this.topicsByChannel.get(channelId) ?? new Map();
  }

  private intern(topic: string): string {
    const known = this.topicNames.get(topic);
    if (known !== undefined) return known;
    this.topicNames.set(topic, topic);
    return topic;
  }

  private topicList(channelId: number, topic: string): SortedIds {
    const lower = topic.toLowerCase();
    const key = `${channelId}\0${lower}`;
    let ids = this.byTopic.get(key);
    if (!ids) {
      this.byTopic.set(key, (ids = new SortedIds()));
      let topics = this.topicsByChannel.get(channelId);
      if (!topics) this.topicsByChannel.set(channelId, (topics = new Map()));
      topics.set(lower, ids);
    }
    return ids;
  }

  private conversationList(userIds: readonly number[]): SortedIds {
    const key = conversationKey(userIds);
    let ids = this.byConversation.get(key);
    if (!ids) this.byConversation.set(key, (ids = new SortedIds()));
    return ids;
  }
}
