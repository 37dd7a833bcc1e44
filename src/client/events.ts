import type { z } from "zod";
import { AnyEvent, EventsResponse } from "../schemas/events/envelope.ts";
import { NetworkError, type ApiClient, type ApiResponse } from "./client.ts";
import type { Exchange } from "./exchange.ts";

/**
 * The checks a reader reports through, bound to the test's clause (src/expect/expect.ts's Expectations). Declared here,
 * as the reader needs only these three, so that the client does not import the layer of tests above it.
 */
export interface ReaderChecks {
  fail(expected: string, got: string): never;
  success(res: ApiResponse, what?: string): Record<string, unknown>;
  schema<S extends z.ZodType>(schema: S, value: unknown, ex?: Exchange, label?: string): z.infer<S>;
}

/** A check over one event: null when the event satisfies it, else a sentence saying why not. */
export interface EventCheck {
  name: string;
  test(event: AnyEvent): string | null;
}

export const eventCheck = (name: string, test: (event: AnyEvent) => string | null): EventCheck => ({ name, test });

/** Matches an event of `type` (and `op`) for which `more` holds. */
export function eventOf(type: string, more: (ev: AnyEvent) => string | null = () => null, op?: string): EventCheck {
  return eventCheck(op ? `${type}/${op} event` : `${type} event`, (ev) => {
    if (ev.type !== type) return `type ${ev.type}`;
    if (op !== undefined && ev.op !== op) return `op ${String(ev.op)}`;
    return more(ev);
  });
}

/** How long `until` waits by default: real servers get 10 s; the in-process reference server answers in milliseconds. */
export const DEFAULT_BUDGET_MS = 10_000;
export const REFERENCE_BUDGET_MS = 4_000;

/**
 * How `until` without a budget decides that an awaited event is missing.
 *
 * - "budget": it long-polls until the default budget runs out. Real servers hand events to their queues through
 *   workers of their own, after they have answered the request that caused them.
 * - "drained": the reference server queues every event a request causes before it answers that request (its
 *   handlers publish synchronously: reference-server/events/queues.ts), so once a dont_block poll finds the queue
 *   empty, an event that the requests the test has seen answered should have caused is missing for good. Waiting
 *   longer would only prove it again. Work that the reference server does after answering (a scheduled message
 *   coming due, a push bouncer's reply, an outgoing webhook) is waited for by time: `until(checks, budgetMs)` or
 *   `untilLater`.
 */
export type AbsenceRule = "budget" | "drained";

/**
 * What the run knows of a reader's events feed (src/expect/events-feed.ts): once the feed is shown dead, a wait is
 * blocked at once instead of waiting out its budget; a wait that ends unmet asks whether the feed delivers at all.
 */
export interface FeedWatch {
  /** How long one GET /events may go unanswered: the target's heartbeat interval and a margin. */
  readonly pollTimeoutMs: number;
  /** Throws (the test is blocked) once the feed is known dead. */
  assertAlive(): void;
  /** After a wait ended unmet: resolves when the feed delivers, throws the events clause's failure when it does not. */
  unmet(): Promise<void>;
}

/**
 * Reads one event queue the way a real client does: long-polls GET /events with last_event_id, and waits on
 * checks, never on sleeps. Checks are unordered and each is dropped once an event satisfies it.
 */
export class EventQueueReader {
  private polls = 0;

  constructor(
    private readonly client: ApiClient,
    readonly queueId: string,
    public lastEventId: number,
    private readonly expect: ReaderChecks,
    private readonly defaultBudgetMs: number = DEFAULT_BUDGET_MS,
    private readonly absence: AbsenceRule = "budget",
    private readonly feed?: FeedWatch,
  ) {}

  /**
   * Waits until every check is met; returns the matching events in check order. With a budget, or on a server
   * whose absence rule is "budget", it long-polls until the budget runs out; on the reference server without one,
   * it fails as soon as the queue is drained (see AbsenceRule), never later than the default budget.
   */
  async until(checks: readonly EventCheck[], budgetMs?: number): Promise<AnyEvent[]> {
    return this.wait(checks, budgetMs ?? this.defaultBudgetMs, budgetMs === undefined && this.absence === "drained");
  }

  /**
   * `until` for events of work the server does after it has answered (a push bouncer's reply taken in): it
   * waits by time on every server, the reference server included.
   */
  async untilLater(checks: readonly EventCheck[], budgetMs = this.defaultBudgetMs): Promise<AnyEvent[]> {
    return this.wait(checks, budgetMs, false);
  }

  private async wait(checks: readonly EventCheck[], budgetMs: number, drained: boolean): Promise<AnyEvent[]> {
    this.feed?.assertAlive();
    const started = Date.now();
    // Time the client spent held back by the target's rate limit is not the server's lateness: the budget runs
    // only while requests may go out (src/client/rate-limit.ts).
    const heldAtStart = this.client.heldMs();
    const spent = () => Date.now() - started - (this.client.heldMs() - heldAtStart);
    const matched = new Map<EventCheck, AnyEvent>();
    const reasons = new Map<EventCheck, string[]>(checks.map((c) => [c, []]));
    const seen: string[] = [];
    let emptied = false;
    while (matched.size < checks.length) {
      const remaining = budgetMs - spent();
      if (remaining <= 0) break;
      const events = await this.poll(remaining, drained);
      if (events === null) break;
      // An empty answer to dont_block: the test has seen everything queued. A server that ignores dont_block
      // answers with its heartbeat instead, and the wait goes on until the budget.
      if (drained && events.length === 0) {
        emptied = true;
        break;
      }
      for (const ev of events) {
        seen.push(ev.op ? `${ev.type}/${String(ev.op)}#${ev.id}` : `${ev.type}#${ev.id}`);
        if (ev.type === "heartbeat") continue;
        for (const c of checks) {
          if (matched.has(c)) continue;
          const why = c.test(ev);
          if (why === null) matched.set(c, ev);
          else reasons.get(c)!.push(`event #${ev.id}: ${why}`);
        }
      }
    }
    if (matched.size < checks.length) {
      // An event that never came may be the whole feed's fault: then the events clause is the verdict, not this one.
      await this.feed?.unmet();
      const unmet = checks.filter((c) => !matched.has(c)).map((c) => `${c.name} (${reasons.get(c)!.slice(-3).join("; ") || "no events seen"})`);
      const when = emptied ? "once the queue was drained (the reference server queues a request's events before it answers)" : `within ${budgetMs} ms`;
      this.expect.fail(
        `${when} on queue ${this.queueId}: ${checks.map((c) => c.name).join(", ")}`,
        `unmet: ${unmet.join(" | ")}; ${this.polls} polls, ${Date.now() - started} ms, last_event_id ${this.lastEventId}, events seen: ${seen.join(", ") || "none"}`,
      );
    }
    return checks.map((c) => matched.get(c)!);
  }

  /** Whatever is queued now, without waiting (dont_block). */
  async pending(): Promise<AnyEvent[]> {
    this.feed?.assertAlive();
    const events = await this.poll(10_000, true);
    if (events === null) await this.feed?.unmet();
    return events ?? [];
  }

  /**
   * One GET /events; null when the budget, or the feed's per-poll limit (a long-poll unanswered past its heartbeat),
   * ran out before the server answered.
   */
  private async poll(budgetMs: number, dontBlock: boolean): Promise<AnyEvent[] | null> {
    const timeoutMs = Math.min(budgetMs, this.feed?.pollTimeoutMs ?? budgetMs);
    this.polls++;
    let res;
    try {
      // The poll's own timeout starts once it goes out: a rate limit's hold before it is not the server's delay.
      res = await this.client.get(
        "/events",
        { queue_id: this.queueId, last_event_id: this.lastEventId, dont_block: dontBlock || undefined },
        { abortAfterMs: timeoutMs, timeoutMs: timeoutMs + 1000 },
      );
    } catch (e) {
      if (e instanceof NetworkError && e.timedOut) return null;
      throw e;
    }
    const body = this.expect.schema(EventsResponse, this.expect.success(res, "GET /events"), res.exchange, "GET /events");
    for (const ev of body.events) this.lastEventId = Math.max(this.lastEventId, ev.id);
    return body.events.map((e) => AnyEvent.parse(e));
  }

  async close(): Promise<void> {
    await this.client.delete("/events", { queue_id: this.queueId });
  }
}
