import { randomBytes } from "node:crypto";
import { EventQueue, type QueueOptions, type QueuedEvent } from "./queue.ts";

/** DEFAULT_EVENT_QUEUE_TIMEOUT_SECS of the real product: a queue no client has polled for 10 minutes is collected. */
export const DEFAULT_QUEUE_TIMEOUT_SECONDS = 600;

export type RenderFor = (queue: EventQueue) => Omit<QueuedEvent, "id"> | null;

/**
 * All event queues, and the one place events enter them: `publish` renders an event for each queue of each
 * receiving user (capabilities change payloads, e.g. the empty topic of FL334), so handlers never touch queues.
 */
export class EventQueues {
  private readonly queues = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
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
    const q = new EventQueue(id, options, this.clock());
    if (this.released) q.release();
    this.queues.set(id, q);
    let set = this.byUser.get(options.userId);
    if (!set) this.byUser.set(options.userId, (set = new Set()));
    set.add(q);
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
    this.queues.delete(q.id);
    this.byUser.get(q.options.userId)?.delete(q);
  }

  publish(type: string, userIds: Iterable<number>, render: RenderFor): void {
    for (const userId of userIds) {
      const set = this.byUser.get(userId);
      if (!set) continue;
      for (const q of set) {
        if (!q.wants(type)) continue;
        const ev = render(q);
        if (ev) q.push(ev);
      }
    }
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
