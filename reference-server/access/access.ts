import type { Store } from "../state/store.ts";
import { ROLE, type Channel, type Message, type User } from "../state/types.ts";

/**
 * Who may see and do what, in one place. Handlers and event fan-out ask these questions; nothing else
 * decides access.
 */
export class Access {
  constructor(private readonly store: Store) {}

  isGuest(user: User): boolean {
    return user.role === ROLE.guest;
  }

  /** Metadata access: the channel exists for the user (name, description, subscribers). */
  canSeeChannel(user: User, channel: Channel): boolean {
    if (this.store.isSubscribed(user.id, channel.id)) return true;
    if (channel.inviteOnly) return this.store.isAdmin(user);
    return !this.isGuest(user) || channel.isWebPublic;
  }

  /** Content access: the user may read the channel's history (messages the user never received). */
  canReadChannelHistory(user: User, channel: Channel): boolean {
    if (!channel.historyPublicToSubscribers) return false;
    if (this.store.isSubscribed(user.id, channel.id)) return true;
    if (channel.inviteOnly) return false;
    return !this.isGuest(user) || channel.isWebPublic;
  }

  /** May the user post to the channel? */
  canPostToChannel(user: User, channel: Channel): boolean {
    if (this.store.isSubscribed(user.id, channel.id)) return true;
    if (channel.inviteOnly) return false;
    return !this.isGuest(user);
  }

  /** May the user read this message (received it, or reads it through the channel's shared history)? */
  canReadMessage(user: User, message: Message): boolean {
    if (this.store.flagsOf(user.id, message.id) !== undefined) return true;
    if (message.type !== "stream" || message.channelId === null) return false;
    const channel = this.store.channels.get(message.channelId);
    return channel !== undefined && this.canReadChannelHistory(user, channel);
  }

  /** Users who can see another user (every active user at these levels; guests' limits come with FL225). */
  canSeeUser(_viewer: User, _other: User): boolean {
    return true;
  }
}
