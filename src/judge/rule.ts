import type { ClientClause } from "../catalog/client-clauses.ts";
import type { Exchange } from "../client/exchange.ts";
import type { Seen } from "./seen.ts";

/**
 * One client clause's rule, over one client's exchanges. `see` is given them in the order their answers ended
 * (the order a proxy learns them in), so a rule decides by the exchanges' times, never by their positions: an
 * exchange that ended before another started was always seen before it. `verdict` is asked at the session's end,
 * perhaps more than once (a proxy's report is asked for as often as its caller likes): it changes nothing.
 */
export interface Rule {
  see(s: Seen): void;
  verdict(endedAt: number): Verdict;
}

/** One instance of a clause broken: what was wanted, what came, and the exchange that shows it. */
export interface Breach {
  want: string;
  got: string;
  exchange: Exchange;
}

export type Verdict = { status: "pass"; held: string } | { status: "fail"; breaches: Breach[]; count: number; of: string } | { status: "n/a"; why: string };

/** What the session knows beyond one client: the level the proxy detected, and what GET /server_settings told whom. */
export interface SessionFacts {
  featureLevel: number;
  product: "chat" | "zulip";
  /** When unauthenticated GET /server_settings requests were sent and the level each answer gave, by User-Agent (the latest few). */
  toldByAgent: Map<string, Array<{ at: number; level: number }>>;
}

export type RuleFactory = (clause: ClientClause, facts: SessionFacts, agent: string) => Rule;

/** Breaches kept per rule; the rest are counted. */
export const KEPT_BREACHES = 12;

/** Collects a rule's breaches and counts the instances it judged (each breach is one of them). */
export class Tally {
  readonly breaches: Breach[] = [];
  failed = 0;
  judged = 0;

  breach(want: string, got: string, s: Seen): void {
    this.failed++;
    if (this.breaches.length < KEPT_BREACHES) this.breaches.push({ want, got, exchange: s.exchange() });
  }

  /** A breach whose exchange was rendered before (a rule that keeps it while the session goes on). */
  breachOf(want: string, got: string, exchange: Exchange): void {
    this.failed++;
    if (this.breaches.length < KEPT_BREACHES) this.breaches.push({ want, got, exchange });
  }

  /** A copy to finish at the session's end: a verdict may be asked for more than once, and must not count twice. */
  copy(): Tally {
    const t = new Tally();
    t.breaches.push(...this.breaches);
    t.failed = this.failed;
    t.judged = this.judged;
    return t;
  }

  /** The verdict over `noun`s ("429 answers"): n/a with `none` when nothing was judged. */
  verdict(noun: string, none: string): Verdict {
    if (this.judged === 0) return { status: "n/a", why: `not exercised: ${none}` };
    if (this.failed) return { status: "fail", breaches: this.breaches, count: this.failed, of: `${this.judged} ${noun}` };
    return { status: "pass", held: `held on ${this.judged} ${noun}` };
  }
}

/**
 * How long a rule waits before it judges a request by what the client had learnt before sending it: the proxy hands
 * an exchange on when the client has its answer, and records that end a moment later, so a client's next request
 * (short) can be handed on before the register or server_settings it follows (long). What started more than this
 * before the latest end seen has surely been seen, with everything sent before it.
 */
export const SETTLE_MS = 5_000;

/** Requests a rule judges once SETTLE_MS have passed, or at the verdict (into a copy: a verdict changes nothing). */
export class Deferred<T> {
  private items: Array<{ start: number; item: T }> = [];

  constructor(private readonly judge: (item: T, tally: Tally) => void) {}

  add(start: number, item: T): void {
    this.items.push({ start, item });
  }

  /** Judges into `tally` what started more than SETTLE_MS before `now` (the end of the exchange just seen). */
  flush(now: number, tally: Tally): void {
    const ready = this.items.filter((i) => i.start < now - SETTLE_MS);
    if (!ready.length) return;
    this.items = this.items.filter((i) => i.start >= now - SETTLE_MS);
    for (const i of ready) this.judge(i.item, tally);
  }

  /** The verdict's tally: `tally` with what is still waiting judged too. */
  finish(tally: Tally): Tally {
    const t = tally.copy();
    for (const i of this.items) this.judge(i.item, t);
    return t;
  }
}
