import { randomBytes } from "node:crypto";
import { EventQueue, QueueGroup, type QueueOptions, type StoredEvent } from "./queue.ts";

/** DEFAULT_EVENT_QUEUE_TIMEOUT_SECS of the real product: a queue no client has polled for 10 minutes is collected. */
export const DEFAULT_QUEUE_TIMEOUT_SECONDS = 600;

/** An event as one queue gets it, rendered from the queue's options alone (never from its id: queues share it). */
export type RenderFor = (queue: EventQueue) => StoredEvent | null;

/** One queue that gets an event of its own instead of its group's (the sender's queue with its local echo). */
export interface OwnEvent {
  queueId: string;
  render: RenderFor;
}

/**
 * What decides how events are rendered for a queue: its options, all but its lifespan (every one of them, so that an
 * option added later cannot be missed). Queues that agree share a group (one stored event for all); options that
 * differ only in how they are written make two groups, which is slower, never wrong.
 */
function groupKey(o: QueueOptions): string {
  const { lifespanSeconds: _lifespan, eventTypes, ...rest } = o;
  return JSON.stringify([eventTypes === null ? null : [...eventTypes].sort(), rest]);
}

/**
 * All event queues, and the one place events enter them: `publish` renders an event for each group of queues of
 * each receiving user (capabilities change payloads, e.g. the empty topic of FL334), so handlers never touch queues.
 */
export class EventQueues {
  private readonly queues = new Map<string, EventQueue>();
  /** Each user's groups of queues, by group key. */
  private readonly byUser = new Map<number, Map<string, QueueGroup>>();
  private readonly gcTimer: NodeJS.Timeout;
  private released = false;

  /**
   * `idleTimeoutSeconds`: how long a queue whose client asked for no lifespan lives unpolled. Collection runs every
   * 30 s, or every half timeout when that is shorter: a queue goes at most that much (and the clock's second) late.
   */
  constructor(
    private readonly clock: () => number,
    private readonly idleTimeoutSeconds = DEFAULT_QUEUE_TIMEOUT_SECONDS,
  ) {
    this.gcTimer = setInterval(() => this.collect(), Math.min(30_000, idleTimeoutSeconds * 500));
    this.gcTimer.unref();
  }

  create(options: QueueOptions): EventQueue {
    const id = `${this.clock()}:${randomBytes(6).toString("hex")}`;
    let groups = this.byUser.get(options.userId);
    if (!groups) this.byUser.set(options.userId, (groups = new Map()));
    const key = groupKey(options);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = new QueueGroup(key, options)));
    const q = new EventQueue(id, options, group, this.clock());
    group.add(q);
    if (this.released) q.release();
    this.queues.set(id, q);
    return q;
  }

  /** The queue if it exists and belongs to the user (another user's queue is as good as unknown). */
  get(id: string, userId: number): EventQueue | undefined {
    const q = this.queues.get(id);
    return q && q.options.userId === userId ? q : undefined;
  }

  /** The queue by id alone, whoever owns it: for the reference control, never for a client. */
  byId(id: string): EventQueue | undefined {
    return this.queues.get(id);
  }

  delete(q: EventQueue): void {
    if (!this.queues.delete(q.id)) return;
    const { group } = q;
    group.remove(q);
    q.detach();
    if (group.members.size > 0) group.trim();
    else {
      const groups = this.byUser.get(q.options.userId);
      groups?.delete(group.key);
      if (groups?.size === 0) this.byUser.delete(q.options.userId);
    }
  }

  /**
   * One event for every queue of these users that wants its type, rendered once per group; `own` names a queue
   * that gets its own rendering instead (if it is among them).
   */
  publish(type: string, userIds: Iterable<number>, render: RenderFor, own?: OwnEvent): void {
    const single = own === undefined ? undefined : this.queues.get(own.queueId);
    for (const userId of userIds) {
      const groups = this.byUser.get(userId);
      if (!groups) continue;
      for (const group of groups.values()) {
        if (!group.wants(type)) continue;
        const skip = single?.group === group ? single : undefined;
        // Any member renders for the group (rendering reads only the options the group shares).
        const first = group.representative(skip);
        group.append(first ? render(first) : null, skip);
        if (skip) {
          const ev = own!.render(skip);
          if (ev) skip.push(ev);
        }
      }
    }
  }

  /** How many queues have a poll waiting (for benchmarks and diagnostics). */
  pollsWaiting(): number {
    let n = 0;
    for (const q of this.queues.values()) if (q.waiting) n++;
    return n;
  }

  /** Garbage-collects queues that no client has polled within their lifespan. */
  collect(): void {
    const now = this.clock();
    for (const q of this.queues.values()) {
      if (q.connected === 0 && now - q.lastTouched > (q.options.lifespanSeconds ?? this.idleTimeoutSeconds)) this.delete(q);
    }
  }

  /** The server is shutting down: every waiting poll answers now, and later ones at once. */
  release(): void {
    this.released = true;
    for (const q of this.queues.values()) q.release();
  }

  close(): void {
    clearInterval(this.gcTimer);
  }
}
