import type { QuirkName } from "../../facts/quirks.ts";
import type { QuirkAnswer } from "./hook.ts";

/** The level the quirks shape their answers for: the restart event's fields and names depend on it. */
export interface QuirkLevel {
  featureLevel: number;
  product: "chat" | "zulip";
}

/** A GET /events that names its queue. */
export interface Poll {
  queueId: string;
  /** The poll's last_event_id; undefined when absent or not an integer. */
  lastEventId: number | undefined;
  /** dont_block=true: answered at once by the server, not a long-poll. */
  dontBlock: boolean;
  /** Which poll of this queue it is: 1 for the first the engine saw. */
  nth: number;
}

/** The engine's record of the event queues it has seen: how often each was polled, and which a quirk killed. */
export class QueueBook {
  readonly polls = new Map<string, number>();
  readonly dead = new Map<string, QuirkName>();

  /** A queue seen in a register answer or a poll (polls not yet counted). */
  learn(queueId: string): void {
    if (!this.polls.has(queueId)) this.polls.set(queueId, 0);
  }

  countPoll(queueId: string): number {
    const n = (this.polls.get(queueId) ?? 0) + 1;
    this.polls.set(queueId, n);
    return n;
  }

  /** The queues a restart loses: every one seen and not already dead. */
  live(): string[] {
    return [...this.polls.keys()].filter((q) => !this.dead.has(q));
  }
}

/** A quirk's own take-over of a watched request, with the line's "what was done". */
export interface QuirkTakeOver {
  answer?: QuirkAnswer;
  done: string;
}

/** A watch as a quirk writes it: `take` reports whether the forwarder let it take over. */
export type QuirkWatch = (take: (t: QuirkTakeOver) => boolean) => () => void;

/** What one quirk does with one request. */
export interface Verdict {
  /** Answer with this (after delayMs, if any) instead of forwarding; no later quirk is asked. */
  answer?: QuirkAnswer;
  delayMs?: number;
  /** Headers added to whatever answer the client gets. */
  headers?: Record<string, string>;
  watch?: QuirkWatch;
  /** The line's "what was done", when the verdict fires now (absent: nothing to say, e.g. limit headers only). */
  done?: string;
}

/** One request as the quirks see it. */
export interface QuirkCall {
  method: string;
  /** The path without its query. */
  pathname: string;
  query: URLSearchParams;
  /** The Authorization user (the email of HTTP Basic), when there is one. */
  user: string | undefined;
  /** 1 for the first request the engine saw, counted over every client. */
  number: number;
  poll: Poll | undefined;
}

/** What the engine gives every quirk. */
export interface QuirkContext {
  readonly level: QuirkLevel;
  readonly queues: QueueBook;
  /** Milliseconds, monotonic: the engine's clock (tests may replace it). */
  now: () => number;
  /** Multiplies every wait a quirk chooses (1 on the command line; tests shrink it, schedules unchanged). */
  readonly timeScale: number;
}

export interface Quirk {
  readonly name: QuirkName;
  decide: (call: QuirkCall, ctx: QuirkContext) => Verdict | undefined;
  /** Each answer of the server's that tells the session's state (register, server_settings), parsed, once it ended. */
  learn?: (body: Record<string, unknown>, ctx: QuirkContext) => void;
}
