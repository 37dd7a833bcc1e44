import { IdSequence } from "./ids.ts";

/** A message waiting to be sent (wire §13 "Scheduled message"). */
export interface ScheduledMessage {
  id: number;
  ownerId: number;
  type: "stream" | "private";
  /** Channel messages: the channel; direct messages: null. */
  channelId: number | null;
  /** Channel messages only ("" is the empty topic from FL334). */
  topic: string;
  /** Direct messages: the recipients' ids as the owner named them (sorted, without duplicates). */
  userIds: number[];
  content: string;
  renderedContent: string;
  deliveryTimestamp: number;
  /** read_by_sender (FL236), when the owner gave it. */
  readBySender: boolean | undefined;
  /** The server tried to send it and could not (FL181). */
  failed: boolean;
}

/**
 * The undelivered scheduled messages, by id and by owner, with the pending ones (not failed) in delivery order so
 * the deliverer finds what is due without a scan.
 */
export class ScheduledMessages {
  private readonly byId = new Map<number, ScheduledMessage>();
  private readonly byOwner = new Map<number, Set<number>>();
  /** Pending (not failed) ids, ascending by delivery time, then id. */
  private pending: ScheduledMessage[] = [];
  private readonly ids = new IdSequence(1);

  create(s: Omit<ScheduledMessage, "id" | "failed">): ScheduledMessage {
    const sm: ScheduledMessage = { ...s, id: this.ids.take(), failed: false };
    this.byId.set(sm.id, sm);
    let set = this.byOwner.get(sm.ownerId);
    if (!set) this.byOwner.set(sm.ownerId, (set = new Set()));
    set.add(sm.id);
    this.enqueue(sm);
    return sm;
  }

  /** The owner's scheduled message, or undefined (another user's is as good as unknown). */
  get(ownerId: number, id: number): ScheduledMessage | undefined {
    const sm = this.byId.get(id);
    return sm && sm.ownerId === ownerId ? sm : undefined;
  }

  /** The owner's undelivered scheduled messages, by delivery time. */
  ofOwner(ownerId: number): ScheduledMessage[] {
    const out = [...(this.byOwner.get(ownerId) ?? [])].map((id) => this.byId.get(id)!);
    return out.sort((a, b) => a.deliveryTimestamp - b.deliveryTimestamp || a.id - b.id);
  }

  /** Applies an edit; a failed message that is edited is pending again. */
  update(sm: ScheduledMessage, changes: Partial<Omit<ScheduledMessage, "id" | "ownerId">>): void {
    this.dequeue(sm);
    Object.assign(sm, changes, { failed: false });
    this.enqueue(sm);
  }

  /** The server tried and could not send it: it stays undelivered, no longer pending, with `failed` set. */
  markFailed(sm: ScheduledMessage, failed = true): void {
    this.dequeue(sm);
    sm.failed = failed;
  }

  remove(sm: ScheduledMessage): void {
    this.dequeue(sm);
    this.byId.delete(sm.id);
    this.byOwner.get(sm.ownerId)?.delete(sm.id);
  }

  /** Pending messages due at `now` (seconds), oldest first. */
  due(now: number): ScheduledMessage[] {
    const out: ScheduledMessage[] = [];
    for (const sm of this.pending) {
      if (sm.deliveryTimestamp > now) break;
      out.push(sm);
    }
    return out;
  }

  /** The delivery time of the next pending message, if any. */
  nextDue(): number | undefined {
    return this.pending[0]?.deliveryTimestamp;
  }

  private enqueue(sm: ScheduledMessage): void {
    let lo = 0;
    let hi = this.pending.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = this.pending[mid]!;
      if (p.deliveryTimestamp < sm.deliveryTimestamp || (p.deliveryTimestamp === sm.deliveryTimestamp && p.id < sm.id)) lo = mid + 1;
      else hi = mid;
    }
    this.pending.splice(lo, 0, sm);
  }

  private dequeue(sm: ScheduledMessage): void {
    this.pending = this.pending.filter((p) => p !== sm);
  }
}
