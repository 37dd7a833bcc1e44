/** Who is subscribed to which channel, indexed both ways, and the channels each user has left. */
export class Subscriptions {
  /** channel id → subscribed user ids */
  private readonly subscribers = new Map<number, Set<number>>();
  /** user id → subscribed channel ids */
  private readonly subscriptions = new Map<number, Set<number>>();
  /** user id → channels the user was subscribed to and left (register's `unsubscribed`) */
  private readonly former = new Map<number, Set<number>>();

  subscribe(userId: number, channelId: number): void {
    this.subscribersOf(channelId, true).add(userId);
    this.channelsOf(userId, true).add(channelId);
    this.former.get(userId)?.delete(channelId);
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
