import { clientClauses, type ClientClause } from "../catalog/client-clauses.ts";
import type { Observed } from "../client/observed.ts";
import { whoOf } from "../client/observed-params.ts";
import { TEST_HEADER } from "../client/test-header.ts";
import { toCurl } from "../client/exchange.ts";
import { USER_AGENT } from "../client/client.ts";
import { failureRecord, formatFailure } from "../expect/failure.ts";
import type { TestResult } from "../results/schema.ts";
import type { Rule, SessionFacts, Verdict } from "./rule.ts";
import { RULES } from "./rules.ts";
import { levelIn, toSeen } from "./seen.ts";

/**
 * The client judge: a session's exchanges, given one by one as their answers end (the proxy's order), sorted into
 * clients, each judged by every client clause's rule; `results` gives one TestResult per client and clause. A
 * client is an account (the Basic credentials' email) with a User-Agent, so that two apps of one user, or two
 * users of one app, are judged apart. Unauthenticated requests belong to no client (only what GET
 * /server_settings told a User-Agent is kept, for checks-feature-level). This tool's own traffic is not judged:
 * its tests misbehave on purpose (they poll dead queues to see the error), so a client whose requests carry the
 * suite's test header, or this tool's User-Agent, is left out.
 */
export interface JudgeOptions {
  featureLevel: number;
  product: "chat" | "zulip";
  /** Added to each row's id and title, when one session judges several organizations ("throw-away organization 2"). */
  scope?: string;
}

interface Client {
  who: string;
  agent: string;
  rules: Map<string, Rule>;
  harness: boolean;
  exchanges: number;
}

const KEPT_TOLD = 20;

export class ClientJudge {
  private readonly clients = new Map<string, Client>();
  private readonly facts: SessionFacts;

  constructor(private readonly o: JudgeOptions) {
    this.facts = { featureLevel: o.featureLevel, product: o.product, toldByAgent: new Map() };
  }

  /** The level moved under the session (a server upgraded while the proxy ran): later rows judge by the new one. */
  set featureLevel(fl: number) {
    this.facts.featureLevel = fl;
  }

  private pending: Promise<void> = Promise.resolve();

  /**
   * Takes an exchange as a forwarder's onExchange gives it (the order answers ended), judged after the ones before
   * it; `settled` resolves once all taken so far are. For callers that have no queue of their own (serve --quirks).
   */
  take(ex: Observed): void {
    this.pending = this.pending
      .then(() => this.observe(ex))
      .catch((e: unknown) => {
        process.emitWarning(`chat-conformance: the client judge failed on ${ex.method} ${ex.path}: ${(e as Error).message}`);
      });
  }

  settled(): Promise<void> {
    return this.pending;
  }

  async observe(ex: Observed): Promise<void> {
    const s = await toSeen(ex, this.o.product);
    if (!s) return;
    const who = whoOf(ex.requestHeaders);
    const agent = ex.requestHeaders["user-agent"] ?? "";
    if (who === "anonymous") {
      const level = s.method === "GET" && s.path === "/server_settings" ? levelIn(s) : undefined;
      if (level !== undefined) {
        const told = this.facts.toldByAgent.get(agent) ?? [];
        told.push({ at: s.start, level });
        if (told.length > KEPT_TOLD) told.shift();
        this.facts.toldByAgent.set(agent, told);
      }
      return;
    }
    const key = `${who}\n${agent}`;
    let c = this.clients.get(key);
    if (!c) {
      c = { who, agent, rules: new Map(), harness: false, exchanges: 0 };
      for (const clause of clientClauses()) {
        const rule = RULES[clause.id];
        if (!rule) throw new Error(`${clause.id}: no rule in src/judge/rules.ts`);
        c.rules.set(clause.id, rule(clause, this.facts, agent));
      }
      this.clients.set(key, c);
    }
    if (ex.requestHeaders[TEST_HEADER] !== undefined || agent === USER_AGENT) {
      // Nothing of it is judged, so nothing of it is kept: a suite's run registers thousands of queues.
      c.harness = true;
      c.rules.clear();
    }
    c.exchanges++;
    if (!c.harness) for (const rule of c.rules.values()) rule.see(s);
  }

  /** The clients judged so far (this tool's own run left out), as "email (User-Agent)". */
  get clientNames(): string[] {
    return [...this.clients.values()].filter((c) => !c.harness).map(labelOf);
  }

  /** One row per client and clause, judged as of `endedAt` (the session's end). */
  results(endedAt: number = Date.now()): TestResult[] {
    const rows: TestResult[] = [];
    for (const c of this.clients.values()) {
      if (c.harness) continue;
      for (const clause of clientClauses()) rows.push(this.row(c, clause, this.appliesNow(clause) ?? c.rules.get(clause.id)!.verdict(endedAt)));
    }
    return rows;
  }

  /** n/a when the session's level is outside the clause's levels; undefined when it applies. */
  private appliesNow(clause: ClientClause): Verdict | undefined {
    const fl = this.facts.featureLevel;
    if (fl < clause.level) return { status: "n/a", why: `the server is at FL ${fl}; the clause applies from FL ${clause.level}` };
    if (clause.until !== undefined && fl >= clause.until)
      return { status: "n/a", why: `the server is at FL ${fl}; the clause applies below FL ${clause.until}` };
    return undefined;
  }

  private row(c: Client, clause: ClientClause, v: Verdict): TestResult {
    const label = `${labelOf(c)}${this.o.scope ? ` [${this.o.scope}]` : ""}`;
    const base = {
      id: `client/${label}/${clause.id.slice("client.".length)}`,
      file: "client judge",
      clauses: [clause.id],
      level: clause.level,
      area: "client",
      strength: clause.strength,
      tags: [],
      durationMs: 0,
    };
    if (v.status === "n/a") return { ...base, title: `${clause.id}: ${label}: ${v.why}`, status: "n/a", message: v.why, exchanges: [] };
    if (v.status === "pass") return { ...base, title: `${clause.id}: ${label}: ${v.held}`, status: "pass", exchanges: [] };
    const first = v.breaches[0]!;
    const more =
      v.count > 1
        ? `\n  (${v.count - 1} more breach${v.count === 2 ? "" : "es"} of the clause by this client${v.breaches.length < v.count ? `; the first ${v.breaches.length} kept` : ""})`
        : "";
    return {
      ...base,
      title: `${clause.id}: ${label}: broken on ${v.count} of ${v.of}`,
      status: "fail",
      message: formatFailure({ id: clause.id, says: clause.says }, first.want, first.got, first.exchange) + more,
      curl: toCurl(first.exchange),
      failure: failureRecord({ id: clause.id, says: clause.says }, first.want, first.got, first.exchange, undefined),
      exchanges: v.breaches.map((b) => b.exchange),
    };
  }
}

const labelOf = (c: { who: string; agent: string }): string => (c.agent ? `${c.who} (${c.agent})` : c.who);

/** Judges a whole recorded session at once: the exchanges in any order (they are taken in the order their answers ended). */
export async function judgeExchanges(exchanges: Iterable<Observed>, o: JudgeOptions & { endedAt?: number }): Promise<TestResult[]> {
  const judge = new ClientJudge(o);
  const sorted = [...exchanges].sort((a, b) => a.startedAt + a.durationMs - (b.startedAt + b.durationMs));
  for (const ex of sorted) await judge.observe(ex);
  const last = sorted.reduce((t, ex) => Math.max(t, ex.startedAt + ex.durationMs), 0);
  return judge.results(o.endedAt ?? last);
}
