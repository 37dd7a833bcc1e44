/** One user's presence: the last times a client reported the user active and idle, and its update number. */
export interface PresenceRecord {
  userId: number;
  /** Seconds since the epoch; 0 when never reported. */
  activeTimestamp: number;
  idleTimestamp: number;
  /** Increases with every update of any user's presence (presence_last_update_id, FL263). */
  lastUpdateId: number;
  /** The name of the client that reported last (api/messages/client-name.ts). */
  client: string;
}

/** Every user's presence, with the update counter, and each user's status (POST /users/me/status). */
export class Presence {
  private readonly byUser = new Map<number, PresenceRecord>();
  private counter = 0;
  private readonly statuses = new Map<number, UserStatus>();

  get(userId: number): PresenceRecord | undefined {
    return this.byUser.get(userId);
  }

  /** Records a report (active or idle) at `now`; returns the updated record. */
  report(userId: number, status: "active" | "idle", now: number, client = "website"): PresenceRecord {
    let r = this.byUser.get(userId);
    if (!r) this.byUser.set(userId, (r = { userId, activeTimestamp: 0, idleTimestamp: 0, lastUpdateId: 0, client }));
    r.client = client;
    if (status === "active") r.activeTimestamp = now;
    r.idleTimestamp = now;
    r.lastUpdateId = ++this.counter;
    return r;
  }

  all(): IterableIterator<PresenceRecord> {
    return this.byUser.values();
  }

  status(userId: number): UserStatus | undefined {
    return this.statuses.get(userId);
  }

  /** Merges a status change; an all-empty status is removed. */
  setStatus(userId: number, change: UserStatus): UserStatus {
    const s = { ...this.statuses.get(userId), ...change };
    if (!s.away && !s.status_text && !s.emoji_name) this.statuses.delete(userId);
    else this.statuses.set(userId, s);
    return s;
  }

  statusesEntries(): IterableIterator<[number, UserStatus]> {
    return this.statuses.entries();
  }
}

/** A user status as the wire shows it (wire §7.12): every key optional. */
export interface UserStatus {
  away?: boolean;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}
