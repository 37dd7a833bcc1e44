/** One client's event queue (wire §9): ids start at 0 and rise; the client acknowledges with last_event_id. */
import type { Capabilities } from "../wire/capabilities.ts";

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

/** An event as a publisher makes it. */
export type EventObject = Omit<QueuedEvent, "id">;

/**
 * A snapshot event (`snapshot`) as queues keep it: the event until a queue first answers with it, then its JSON alone,
 * without its closing brace and the id that goes last (`{...e, id}`), made once for every queue that holds it.
 */
class SnapshotEvent {
  private bytes: Buffer | undefined;
  constructor(private event: EventObject | undefined) {}

  get head(): Buffer {
    if (this.bytes === undefined) {
      this.bytes = encodeHead(this.event!);
      this.event = undefined;
    }
    return this.bytes;
  }

  withId(id: number): QueuedEvent {
    if (this.event !== undefined) return { ...this.event, id } as QueuedEvent;
    return JSON.parse(`${this.bytes!.toString()}"id":${id}}`) as QueuedEvent;
  }
}

/** An event as a queue holds it. */
export type StoredEvent = EventObject | SnapshotEvent;

/** How a wait for events ended: an event is there, the wait ran out (or the server let it go), the client left. */
export type WaitOutcome = "arrived" | "idle" | "gone";

/** The client's connection, as far as a waiting poll needs it: it says when the client goes away. */
export interface ClientConnection {
  on(event: "close", listener: () => void): unknown;
  removeListener(event: "close", listener: () => void): unknown;
}

const COMMA_BYTE = 0x2c;

/** The event's JSON with its closing brace turned into the comma before the id (`{}` has nothing before the id). */
function encodeHead(event: EventObject): Buffer {
  const bytes = Buffer.from(JSON.stringify(event));
  if (bytes.length === 2) return bytes.subarray(0, 1);
  bytes[bytes.length - 1] = COMMA_BYTE;
  return bytes;
}

/**
 * Marks an event made for its occasion alone and never changed after (a message event: a rendering of the message
 * and the receiver's flags): its JSON is made once, when a queue first answers with it, and is all that is kept of
 * it from then on. Encoding waits for a poll, since queues nobody polls never need it. Any other event may refer to
 * state that changes, so it is kept as it is and encoded for each answer.
 */
export function snapshot(event: EventObject): StoredEvent {
  return new SnapshotEvent(event);
}

const eventHead = (event: StoredEvent): Buffer => (event instanceof SnapshotEvent ? event.head : encodeHead(event));

/** The event as an object with its id, as JSON.parse of its answer gives it. */
const withId = (event: StoredEvent, id: number): QueuedEvent => (event instanceof SnapshotEvent ? event.withId(id) : ({ ...event, id } as QueuedEvent));

/** `"id":N}`, the end of an event: the first ids' bytes are kept (most queues never count far). */
const ID_TAILS: Buffer[] = [];
function idTail(id: number): Buffer {
  if (id >= 4096) return Buffer.from(`"id":${id}}`);
  return (ID_TAILS[id] ??= Buffer.from(`"id":${id}}`));
}
const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");
const EMPTY = Buffer.from("[]");

/**
 * Queues of one user that get the same events rendered the same way (same event types, capabilities and formats):
 * an event published to them is stored once in the group's log, and each queue keeps a cursor into it. A send to
 * 1,000 such queues is then one append and one wake per waiting poll, not 1,000 copies.
 */
export class QueueGroup {
  readonly members = new Set<EventQueue>();
  /** A member to render the group's events for (any will do: they share the options that matter). */
  private first: EventQueue | undefined;
  /** Members with a poll waiting, woken when an event is appended. */
  readonly waiting = new Set<EventQueue>();
  /** The events published to the group that some member may still hold; log[i] is the group's event base + i. */
  private log: StoredEvent[] = [];
  private base = 0;
  /** The log is cut down to what members still hold once it reaches this length (amortized over appends). */
  private trimAt = 32;

  constructor(
    readonly key: string,
    readonly options: QueueOptions,
  ) {}

  /** The group's number for the next event appended. */
  get end(): number {
    return this.base + this.log.length;
  }

  at(position: number): StoredEvent {
    return this.log[position - this.base]!;
  }

  wants(type: string): boolean {
    return type === "heartbeat" || this.options.eventTypes === null || this.options.eventTypes.has(type);
  }

  /** Appends an event for every member; `skip` (a member) takes its own event instead, which the caller pushes. */
  append(event: StoredEvent | null, skip?: EventQueue): void {
    skip?.take();
    if (event) this.log.push(event);
    if (skip) skip.cursor = this.end;
    if (this.waiting.size > 0) for (const q of this.waiting) if (q.size > 0) q.wake(true);
    if (this.log.length >= this.trimAt) this.trim();
  }

  add(q: EventQueue): void {
    this.members.add(q);
    this.first ??= q;
  }

  remove(q: EventQueue): void {
    this.members.delete(q);
    this.waiting.delete(q);
    if (this.first === q) this.first = this.members.values().next().value;
  }

  /** A member to render for, other than `skip`. */
  representative(skip: EventQueue | undefined): EventQueue | undefined {
    if (this.first !== skip) return this.first;
    for (const m of this.members) if (m !== skip) return m;
    return undefined;
  }

  /** Drops the events every member has taken or acknowledged. */
  trim(): void {
    let min = this.end;
    for (const q of this.members) if (q.cursor < min) min = q.cursor;
    if (min > this.base) {
      this.log = this.log.slice(min - this.base);
      this.base = min;
    }
    this.trimAt = Math.max(32, this.log.length * 2);
  }
}

export class EventQueue {
  /**
   * Events of this queue alone (heartbeats, the sender's echo) and group events taken in among them, in order,
   * without their ids: ids rise by one from `firstId`. After them come the group's events from `cursor` on.
   */
  private own: StoredEvent[] = [];
  private firstId = 0;
  /** The group's number of the first group event this queue holds that is not in `own`. */
  cursor: number;
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
    /** The queues this one shares published events with; a deleted queue is left alone in a group of its own. */
    public group: QueueGroup,
    now: number,
  ) {
    this.lastTouched = now;
    this.cursor = group.end;
  }

  /**
   * The queue is deleted: it keeps the events it holds (a poll still waiting on it answers with them), and gets
   * no more of its group's.
   */
  detach(): void {
    this.take();
    this.group = new QueueGroup(this.group.key, this.options);
    this.cursor = 0;
  }

  wants(type: string): boolean {
    return this.group.wants(type);
  }

  /** An event for this queue alone. */
  push(event: StoredEvent): void {
    this.take();
    this.own.push(event);
    this.wake(true);
  }

  /** Moves the group's events this queue holds into `own`, so that an event of its own goes after them. */
  take(): void {
    const end = this.group.end;
    for (let p = this.cursor; p < end; p++) this.own.push(this.group.at(p));
    this.cursor = end;
  }

  /** Whether a poll is waiting for an event. */
  get waiting(): boolean {
    return this.waiter !== undefined;
  }

  /** How many events wait for the client. */
  get size(): number {
    return this.own.length + this.group.end - this.cursor;
  }

  /** The waiting events with their ids, as the client gets them. */
  get events(): QueuedEvent[] {
    const out: QueuedEvent[] = this.own.map((e, i) => withId(e, this.firstId + i));
    const end = this.group.end;
    for (let p = this.cursor, id = this.firstId + this.own.length; p < end; p++, id++) out.push(withId(this.group.at(p), id));
    return out;
  }

  /** `events` as JSON bytes, the same as JSON.stringify(this.events) gives, made of each event's shared bytes. */
  eventsJson(): Buffer[] {
    if (this.size === 0) return [EMPTY];
    const chunks: Buffer[] = [];
    let id = this.firstId;
    for (const e of this.own) chunks.push(id === this.firstId ? OPEN : COMMA, eventHead(e), idTail(id++));
    const end = this.group.end;
    for (let p = this.cursor; p < end; p++) chunks.push(id === this.firstId ? OPEN : COMMA, eventHead(this.group.at(p)), idTail(id++));
    chunks.push(CLOSE);
    return chunks;
  }

  /** Answers the waiting poll, if any (the group wakes its waiting members this way). */
  wake(arrived: boolean): void {
    const w = this.waiter;
    if (!w) return;
    this.waiter = undefined;
    this.group.waiting.delete(this);
    w(arrived);
  }

  /** Ends the waiting poll, if any, as an idle one (it answers with its heartbeat), and every later poll at once. */
  release(): void {
    this.released = true;
    this.wake(false);
  }

  /** Drops events the client has acknowledged. */
  acknowledge(lastEventId: number): void {
    const n = Math.min(this.size, lastEventId - this.firstId + 1);
    if (n <= 0) return;
    const fromOwn = Math.min(n, this.own.length);
    if (fromOwn === this.own.length) this.own = [];
    else if (fromOwn > 0) this.own.splice(0, fromOwn);
    this.cursor += n - fromOwn;
    this.firstId += n;
  }

  /**
   * Resolves when an event arrives, when `ms` pass or the queue is released (idle), or when the client leaves: a
   * listener on the client's connection rather than an AbortSignal, which costs more to make than the whole rest
   * of a poll's wait.
   */
  wait(ms: number, client: ClientConnection): Promise<WaitOutcome> {
    if (this.size > 0) return Promise.resolve("arrived");
    if (this.released) return Promise.resolve("idle");
    return new Promise((resolve) => {
      const done = (v: WaitOutcome) => {
        clearTimeout(timer);
        client.removeListener("close", onClose);
        if (this.waiter === wake) {
          this.waiter = undefined;
          this.group.waiting.delete(this);
        }
        resolve(v);
      };
      const wake = (arrived: boolean) => done(arrived ? "arrived" : "idle");
      const onClose = () => done("gone");
      const timer = setTimeout(() => done("idle"), ms);
      // A second poll on the same queue replaces the first one (the first gets no events).
      this.wake(true);
      this.waiter = wake;
      this.group.waiting.add(this);
      // `on`, not `once` (which wraps the listener): `done` removes it whichever way the wait ends.
      client.on("close", onClose);
    });
  }
}
