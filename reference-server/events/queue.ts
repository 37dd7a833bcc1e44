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
  readonly events: QueuedEvent[] = [];
  private nextId = 0;
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
    this.events.push({ ...event, id: this.nextId++ } as QueuedEvent);
    this.wake(true);
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
    let i = 0;
    while (i < this.events.length && this.events[i]!.id <= lastEventId) i++;
    if (i > 0) this.events.splice(0, i);
  }

  /** Resolves when an event arrives, or with false after `ms`, when `signal` aborts or the queue is released. */
  waitForEvent(ms: number, signal: AbortSignal): Promise<boolean> {
    if (this.events.length > 0) return Promise.resolve(true);
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
