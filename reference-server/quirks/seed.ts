import { newMessage } from "../api/messages/post.ts";
import { renderMarkdown } from "../api/messages/render.ts";
import type { Runtime } from "../runtime.ts";
import { ROLE, type Channel, type Message, type Role, type User } from "../state/types.ts";

/**
 * What the data quirks seed with: users of their own, the channel the personas read, and messages stored as a
 * real server holds its history (each subscriber's row, the sender's row read). Seeding happens before the server
 * listens, so no event is sent and no queue misses one.
 */

export const READ: ReadonlySet<string> = new Set(["read"]);
export const UNREAD: ReadonlySet<string> = new Set();

/** The domain of the organization's emails (the fixture's first user's), for the users the quirks add. */
function emailDomain(rt: Runtime): string {
  const first = rt.store.users.values().next().value;
  return first?.email.split("@")[1] ?? "lab.example";
}

/** A user the quirk adds (none of the personas): `local`@ the organization's domain, created once. */
export function quirkUser(rt: Runtime, local: string, fullName: string, role: Role = ROLE.member): User {
  const email = `${local}@${emailDomain(rt)}`;
  return rt.store.userByEmail(email) ?? rt.store.addUser({ email, fullName, role, isBot: false, botType: null });
}

/** The personas that are people (not bots), in the fixture's order. */
export function humanPersonas(rt: Runtime): User[] {
  return [...rt.store.users.values()].filter((u) => u.persona !== undefined && !u.isBot);
}

/**
 * The channel the personas read: `general` when the organization has it, else its first public default channel,
 * else a public channel `general` made for the quirks, with every persona subscribed.
 */
export function everyonesChannel(rt: Runtime): Channel {
  const { store } = rt;
  const found = store.channelByName("general") ?? [...store.channels.values()].find((c) => c.isDefault && !c.inviteOnly && !c.isArchived);
  if (found) return found;
  return publicChannel(
    rt,
    "general",
    "Everyone's channel.",
    [...store.users.values()].filter((u) => u.persona !== undefined),
  );
}

/** A public channel the quirk makes, with `subscribers`. */
export function publicChannel(rt: Runtime, name: string, description: string, subscribers: readonly User[]): Channel {
  const { store } = rt;
  const channel =
    store.channelByName(name) ??
    store.addChannel({ name, description, inviteOnly: false, isWebPublic: false, historyPublicToSubscribers: true, isDefault: false, creatorId: null });
  for (const u of subscribers) if (!store.isSubscribed(u.id, channel.id)) store.subscribe(u.id, channel.id);
  return channel;
}

/**
 * Stores a channel message from `sender` in `topic`: each subscriber gets a row with `flags` (history is read,
 * unless the quirk wants it unread), the sender a row read.
 */
export function seedChannelMessage(rt: Runtime, sender: User, channel: Channel, topic: string, content: string, flags: ReadonlySet<string> = READ): Message {
  const { store } = rt;
  const message = newMessage(
    store.nextMessageId(),
    sender,
    "stream",
    channel.id,
    topic,
    [],
    channel.recipientId,
    content,
    renderMarkdown(content, { rt }),
    store.clock(),
  );
  const receivers = new Map<number, ReadonlySet<string>>();
  for (const userId of store.subscribersOf(channel.id)) receivers.set(userId, flags);
  receivers.set(sender.id, READ);
  store.addMessage(message, receivers);
  return message;
}

/** `#channel > topic` as the log names a place. */
export const place = (channel: Channel, topic: string): string => `#${channel.name} > ${topic === "" ? '"" (the empty topic)' : topic}`;
