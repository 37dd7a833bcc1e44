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
  /** When unauthenticated GET /server_settings answers ended and the level each gave, by User-Agent (the latest few). */
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
