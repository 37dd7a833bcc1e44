import type { Observed } from "../../src/client/observed.ts";
import { judgeExchanges } from "../../src/judge/judge.ts";
import { judgedSessionResults } from "../../src/judge/results.ts";
import type { Results, TestResult } from "../../src/results/schema.ts";

/**
 * Synthetic traffic for the judge's tests: one client's exchanges on a clock the test moves, each built as the
 * proxy records it (the path with its query, a form body, a JSON answer, when it started and how long it took).
 */
export interface Step {
  form?: Record<string, string>;
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
  /** How long the exchange took (default 5 ms); the clock moves by it. */
  took?: number;
  /** No answer: the connection was cut after `took`. */
  cut?: boolean;
  quirk?: string;
  /** Extra request headers (the suite's test header). */
  requestHeaders?: Record<string, string>;
}

export const START = 1_700_000_000_000;

export class Traffic {
  readonly exchanges: Observed[] = [];
  now = START;

  constructor(
    readonly who = "alice@example.com",
    readonly agent = "careful-app/1.0",
    private readonly shared?: Traffic,
  ) {}

  /** Another client on the same clock and in the same session. */
  client(who: string, agent: string): Traffic {
    return new Traffic(who, agent, this.shared ?? this);
  }

  private get clock(): Traffic {
    return this.shared ?? this;
  }

  wait(ms: number): this {
    this.clock.now += ms;
    return this;
  }

  /** One exchange, starting now; the clock moves past its end. */
  send(method: string, path: string, step: Step = {}): Observed {
    const took = step.took ?? 5;
    const body = step.form ? Buffer.from(new URLSearchParams(step.form).toString()) : undefined;
    const requestHeaders: Record<string, string> = { ...(step.requestHeaders ?? {}) };
    if (this.who !== "anonymous") requestHeaders.authorization = `Basic ${Buffer.from(`${this.who}:secret-key`).toString("base64")}`;
    if (this.agent) requestHeaders["user-agent"] = this.agent;
    if (body) {
      requestHeaders["content-type"] = "application/x-www-form-urlencoded";
      requestHeaders["content-length"] = String(body.length);
    }
    const ex: Observed = {
      method,
      path: `/api/v1${path}`,
      targetUrl: `http://target.test/api/v1${path}`,
      requestHeaders,
      startedAt: this.clock.now,
      durationMs: took,
    };
    if (body) {
      ex.requestBody = body;
      ex.requestContentType = "application/x-www-form-urlencoded";
    }
    if (step.cut) ex.error = "the connection was cut";
    else {
      ex.status = step.status ?? 200;
      const json = step.json ?? { result: "success", msg: "" };
      ex.responseHeaders = { "content-type": "application/json", ...(step.headers ?? {}) };
      ex.responseBody = Buffer.from(JSON.stringify(json));
    }
    if (step.quirk) ex.quirk = step.quirk;
    this.clock.now += took;
    this.clock.exchanges.push(ex);
    return ex;
  }

  register(queue: string, lastEventId = -1, form: Record<string, string> = {}): Observed {
    return this.send("POST", "/register", {
      form: { event_types: '["message"]', ...form },
      json: { result: "success", msg: "", queue_id: queue, last_event_id: lastEventId, zulip_feature_level: 372 },
    });
  }

  poll(queue: string, lastEventId: number, step: Step & { events?: number[] } = {}): Observed {
    const { events = [], ...rest } = step;
    return this.send("GET", `/events?queue_id=${queue}&last_event_id=${lastEventId}`, {
      json: { result: "success", msg: "", events: events.map((id) => ({ id, type: id % 2 ? "heartbeat" : "message" })) },
      ...rest,
    });
  }

  badQueue(queue: string, lastEventId: number): Observed {
    return this.poll(queue, lastEventId, {
      status: 400,
      json: { result: "error", msg: `Bad event queue ID: ${queue}`, code: "BAD_EVENT_QUEUE_ID", queue_id: queue },
      quirk: "queue-expiry",
    });
  }

  deleteQueue(queue: string): Observed {
    return this.send("DELETE", `/events?queue_id=${queue}`);
  }
}

/** The session's rows, judged at FL `fl` (default 372), as of `endedAt` (default: the clock). */
export async function judged(t: Traffic, fl = 372, endedAt?: number): Promise<TestResult[]> {
  return judgeExchanges(t.exchanges, { featureLevel: fl, product: "zulip", endedAt: endedAt ?? t.now });
}

/** The one row of a clause (and a client, when the session has several). */
export function rowOf(rows: readonly TestResult[], clause: string, who?: string): TestResult {
  const found = rows.filter((r) => r.clauses[0] === clause && (who === undefined || r.id.includes(who)));
  if (found.length !== 1) throw new Error(`${found.length} rows of ${clause}${who ? ` for ${who}` : ""}: ${rows.map((r) => r.id).join(", ")}`);
  return found[0]!;
}

/**
 * Two clients interleaved in one session on one clock: a naive one (polls again from last_event_id -1, keeps its
 * queue) and a careful one (acknowledges what it was given, deletes its queue). Returns the naive one's Traffic,
 * whose exchanges are the whole session's.
 */
export function twoClients(): Traffic {
  const naive = new Traffic("naive@example.com", "naive/1");
  const careful = naive.client("careful@example.com", "careful/2");
  naive.register("n1");
  careful.register("c1", 3);
  naive.poll("n1", -1, { events: [0] });
  careful.poll("c1", 3, { events: [4] });
  naive.poll("n1", -1);
  careful.poll("c1", 4);
  careful.deleteQueue("c1");
  return naive;
}

/** twoClients() judged as `serve --quirks` reports a session, against a zulip target at FL 372. */
export async function twoClientsSession(): Promise<Results> {
  const t = twoClients();
  return judgedSessionResults(t.exchanges, {
    targetUrl: "http://target.test",
    featureLevel: 372,
    product: "zulip",
    startedAt: new Date(START),
    endedAt: t.now,
  });
}
