/** One client's event queue (wire §9): ids start at 0 and rise; the client acknowledges with last_event_id. */

export interface Capabilities {
  notification_settings_null: boolean;
  bulk_message_deletion: boolean;
  user_avatar_url_field_optional: boolean;
  stream_typing_notifications: boolean;
  user_settings_object: boolean;
  linkifier_url_template: boolean;
  user_list_incomplete: boolean;
  include_deactivated_groups: boolean;
  archived_channels: boolean;
  empty_topic_name: boolean;
}

export interface QueueOptions {
  userId: number;
  /** null: every type. */
  eventTypes: ReadonlySet<string> | null;
  capabilities: Capabilities;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  /** How long the queue lives unpolled; null: the server's idle timeout (the client asked for no lifespan). */
  lifespanSeconds: number | null;
}

export interface QueuedEvent {
  id: number;
  type: string;
  [key: string]: unknown;
}

export class EventQueue {
  /**
   * The unacknowledged events, without their ids: ids rise by one from `firstId`, so an event is stored as the
   * payload publish rendered, which queues of the same kind share (1,000 queues hold one message event 1,000 times).
   */
  private readonly pending: Omit<QueuedEvent, "id">[] = [];
  private firstId = 0;
  private waiter: ((arrived: boolean) => void) | undefined;
  /** Set when the server shuts down: polls answer at once rather than wait for events that will not come. */
  private released = false;
  /** Seconds since the epoch when a client last had this queue in hand (a poll started or ended). */
  lastTouched: number;
  connected = 0;
  /**
   * This queue's own wait before a heartbeat, set through the reference control so that a test of the heartbeat
   * need not wait out the server's (50 s, as on real servers); undefined: the server's.
   */
  heartbeatMs: number | undefined;

  constructor(
    readonly id: string,
    readonly options: QueueOptions,
    now: number,
  ) {
    this.lastTouched = now;
  }

  wants(type: string): boolean {
    return type === "heartbeat" || this.options.eventTypes === null || this.options.eventTypes.has(type);
  }

  push(event: Omit<QueuedEvent, "id">): void {
    this.pending.push(event);
    this.wake(true);
  }

  /** How many events wait for the client. */
  get size(): number {
    return this.pending.length;
  }

  /** The waiting events with their ids, as the client gets them. */
  get events(): QueuedEvent[] {
    return this.pending.map((e, i) => ({ ...e, id: this.firstId + i }) as QueuedEvent);
  }

  private wake(arrived: boolean): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.(arrived);
  }

  /** Ends the waiting poll, if any, as an idle one (it answers with its heartbeat), and every later poll at once. */
  release(): void {
    this.released = true;
    this.wake(false);
  }

  /** Drops events the client has acknowledged. */
  acknowledge(lastEventId: number): void {
    const n = Math.min(this.pending.length, lastEventId - this.firstId + 1);
    if (n > 0) {
      this.pending.splice(0, n);
      this.firstId += n;
    }
  }

  /** Resolves when an event arrives, or with false after `ms`, when `signal` aborts or the queue is released. */
  waitForEvent(ms: number, signal: AbortSignal): Promise<boolean> {
    if (this.pending.length > 0) return Promise.resolve(true);
    if (this.released) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (v: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        if (this.waiter === wake) this.waiter = undefined;
        resolve(v);
      };
      const wake = (arrived: boolean) => done(arrived);
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      // A second poll on the same queue replaces the first one (the first gets no events).
      this.wake(true);
      this.waiter = wake;
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }
}
