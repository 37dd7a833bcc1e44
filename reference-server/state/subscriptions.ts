/** The colors new subscriptions take, in order, as real servers assign them. */
export const SUBSCRIPTION_COLORS: readonly string[] = [
  "#76ce90",
  "#fae589",
  "#a6c7e5",
  "#e79ab5",
  "#bfd56f",
  "#f4ae55",
  "#b0a5fd",
  "#addfe5",
  "#f5ce6e",
  "#c2726a",
  "#94c849",
  "#bd86e5",
  "#ee7e4a",
  "#a6dcbf",
  "#95a5fd",
  "#53a063",
  "#9987e1",
  "#e4523d",
  "#c2c2c2",
  "#4f8de4",
  "#c6a8ad",
  "#e7cc4d",
  "#c8bebf",
  "#a47462",
];

/** A color real servers take for a subscription: a `#` and three to six hex digits. */
export const SUBSCRIPTION_COLOR_PATTERN = /^#[0-9a-fA-F]{3,6}$/;

/**
 * A user's personal settings for one channel (muting apart: UserTopics holds it, for the unread counts). A null
 * notification setting follows the user's own setting for channel messages.
 */
export interface SubscriptionProperties {
  color: string;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}

/** Who is subscribed to which channel, indexed both ways, the channels each user has left, and each subscription's settings. */
export class Subscriptions {
  /** channel id → subscribed user ids */
  private readonly subscribers = new Map<number, Set<number>>();
  /** user id → subscribed channel ids */
  private readonly subscriptions = new Map<number, Set<number>>();
  /** user id → channels the user was subscribed to and left (register's `unsubscribed`) */
  private readonly former = new Map<number, Set<number>>();
  /** user id → channel id → settings; kept when the user leaves, as real servers keep them for a return */
  private readonly properties = new Map<number, Map<number, SubscriptionProperties>>();

  /** Subscribes; a first subscription gets `color` or the palette's first color the user has on no other channel. */
  subscribe(userId: number, channelId: number, color?: string): void {
    this.subscribersOf(channelId, true).add(userId);
    this.channelsOf(userId, true).add(channelId);
    this.former.get(userId)?.delete(channelId);
    let mine = this.properties.get(userId);
    if (!mine) this.properties.set(userId, (mine = new Map()));
    if (mine.has(channelId)) return;
    const used = new Set([...mine.values()].map((p) => p.color));
    mine.set(channelId, {
      color: color ?? SUBSCRIPTION_COLORS.find((c) => !used.has(c)) ?? SUBSCRIPTION_COLORS[channelId % SUBSCRIPTION_COLORS.length]!,
      pin_to_top: false,
      desktop_notifications: null,
      audible_notifications: null,
      push_notifications: null,
      email_notifications: null,
      wildcard_mentions_notify: null,
    });
  }

  /** The settings of a subscription the user has or had. */
  propertiesOf(userId: number, channelId: number): Readonly<SubscriptionProperties> | undefined {
    return this.properties.get(userId)?.get(channelId);
  }

  setProperty<K extends keyof SubscriptionProperties>(userId: number, channelId: number, name: K, value: SubscriptionProperties[K]): void {
    const p = this.properties.get(userId)?.get(channelId);
    if (!p) throw new Error(`user ${userId} has no subscription to channel ${channelId}`);
    p[name] = value;
  }

  unsubscribe(userId: number, channelId: number): void {
    if (this.subscribers.get(channelId)?.delete(userId)) {
      let former = this.former.get(userId);
      if (!former) this.former.set(userId, (former = new Set()));
      former.add(channelId);
    }
    this.subscriptions.get(userId)?.delete(channelId);
  }

  isSubscribed(userId: number, channelId: number): boolean {
    return this.subscribers.get(channelId)?.has(userId) ?? false;
  }

  subscribersOf(channelId: number, create = false): Set<number> {
    let set = this.subscribers.get(channelId);
    if (!set) {
      set = new Set();
      if (create) this.subscribers.set(channelId, set);
    }
    return set;
  }

  channelsOf(userId: number, create = false): Set<number> {
    let set = this.subscriptions.get(userId);
    if (!set) {
      set = new Set();
      if (create) this.subscriptions.set(userId, set);
    }
    return set;
  }

  formerOf(userId: number): ReadonlySet<number> {
    return this.former.get(userId) ?? new Set();
  }
}
