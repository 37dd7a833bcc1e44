/** Visibility policies of user_topics (wire §12): 0 inherit (none), 1 muted, 2 unmuted, 3 followed. */
export const VISIBILITY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;
export type VisibilityPolicy = (typeof VISIBILITY)[keyof typeof VISIBILITY];

export interface UserTopic {
  channelId: number;
  /** The topic as the user named it last ("" is the empty topic). */
  topic: string;
  policy: VisibilityPolicy;
  lastUpdated: number;
}

const key = (channelId: number, topic: string) => `${channelId}\0${topic.toLowerCase()}`;

/**
 * Each user's personal view of channels and topics: per-topic visibility policies (user_topics) and the
 * channels the user muted (the subscription property is_muted). Topic names match case-insensitively.
 */
export class UserTopics {
  /** user id → topic key → record (policy ≠ inherit only) */
  private readonly topics = new Map<number, Map<string, UserTopic>>();
  /** user id → muted channel ids */
  private readonly mutedChannels = new Map<number, Set<number>>();

  policy(userId: number, channelId: number, topic: string): VisibilityPolicy {
    return this.topics.get(userId)?.get(key(channelId, topic))?.policy ?? VISIBILITY.inherit;
  }

  /** Sets a policy (inherit removes the record) and returns the record as it now stands. */
  set(userId: number, channelId: number, topic: string, policy: VisibilityPolicy, now: number): UserTopic {
    let mine = this.topics.get(userId);
    if (!mine) this.topics.set(userId, (mine = new Map()));
    const record: UserTopic = { channelId, topic, policy, lastUpdated: now };
    if (policy === VISIBILITY.inherit) mine.delete(key(channelId, topic));
    else mine.set(key(channelId, topic), record);
    return record;
  }

  /** The user's records, in the order they were set. */
  list(userId: number): UserTopic[] {
    return [...(this.topics.get(userId)?.values() ?? [])];
  }

  isChannelMuted(userId: number, channelId: number): boolean {
    return this.mutedChannels.get(userId)?.has(channelId) ?? false;
  }

  setChannelMuted(userId: number, channelId: number, muted: boolean): void {
    let set = this.mutedChannels.get(userId);
    if (!set) this.mutedChannels.set(userId, (set = new Set()));
    if (muted) set.add(channelId);
    else set.delete(channelId);
  }

  /**
   * Whether a channel message is muted for the user (left out of unread counts): a muted topic, or a muted
   * channel unless the topic is unmuted or followed (`honourTopicOverrides` false: as before FL213, where
   * unmuting or following a topic did not lift the channel's mute).
   */
  isMuted(userId: number, channelId: number, topic: string, honourTopicOverrides = true): boolean {
    const policy = this.policy(userId, channelId, topic);
    if (policy === VISIBILITY.muted) return true;
    if (!this.isChannelMuted(userId, channelId)) return false;
    return !(honourTopicOverrides && (policy === VISIBILITY.unmuted || policy === VISIBILITY.followed));
  }
}
