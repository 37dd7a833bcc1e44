import { ApiClient, type ApiResponse } from "../client/client.ts";
import { DEFAULT_BUDGET_MS, EventQueueReader, REFERENCE_BUDGET_MS } from "../client/events.ts";
import type { ParamMap } from "../client/encode.ts";
import type { Exchange } from "../client/exchange.ts";
import type { Clause } from "../catalog/schema.ts";
import { RegisterResponse } from "../schemas/register.ts";
import { TEST_HEADER, testHeaderValue } from "../client/test-header.ts";
import type { Persona, PersonaRole } from "../target/personas.ts";
import { isReferenceServer, type TargetInfo } from "../target/target.ts";
import { Expectations } from "./expect.ts";
import { feedWatch } from "./events-feed.ts";
import { BlockedError, ConformanceFailure, HarnessError } from "./failure.ts";
import type { TestFl } from "./fl.ts";
import type { InvariantRecord } from "./state/record.ts";

/** A state watcher the test runs itself (StateWatch.start): what its comparisons came to, as one record (null: nothing). */
export interface OwnWatcher {
  summary(): InvariantRecord | null;
}

/** Unique across every worker of a run: the process id and a counter. */
const UNIQUE_PREFIX = process.pid.toString(36);
let uniqueCounter = 0;

export interface Registered {
  body: Record<string, unknown>;
  queue: EventQueueReader;
}

/**
 * Removes one thing a test made on the server. It may return the removal's response: a 2xx answer, or 404 (the
 * thing is already gone: the test removed it itself, or the server did, as with a delivered scheduled message),
 * means done; any other answer, or a throw, leaves the thing behind.
 */
export type CleanupFn = () => Promise<ApiResponse | void>;

/** How long one cleanup may take: a target that stops answering must not hold up the run. */
const CLEANUP_TIMEOUT_MS = 15_000;

/** What a test body gets: the target, its level, personas, clients, expectations and event queues. */
export class TestContext {
  readonly expect: Expectations;
  private readonly queues: EventQueueReader[] = [];
  private readonly cleanups: Array<{ label: string; fn: CleanupFn }> = [];
  /** The test's own state watchers (`watching`), shared with the contexts `on` makes. */
  private watchers: OwnWatcher[] = [];
  /** Set once the body has ended: the requests of cleanups are not the test's exchanges (its report keeps the last ones). */
  private closing = false;

  constructor(
    readonly testId: string,
    readonly clause: Clause,
    readonly target: TargetInfo,
    readonly fl: TestFl,
    readonly exchanges: Exchange[] = [],
    /**
     * The personas the test declares in `needs`, the only ones it (and its cleanups) may use on its target: a
     * target whose personas file lacks an undeclared one would otherwise fail or leave things behind where the
     * test should be not verifiable. Absent: any of the target's (a throw-away organization has them all).
     */
    private readonly declared?: readonly PersonaRole[],
  ) {
    this.expect = new Expectations(clause, () => this.exchanges[this.exchanges.length - 1]);
  }

  /**
   * The same test on another target, a throw-away organization: the helpers that take a context act there, and
   * their requests are this test's exchanges. What it makes there goes with the organization: its cleanups and
   * queues are never run or closed.
   */
  on(target: TargetInfo): TestContext {
    const other = new TestContext(this.testId, this.clause, target, this.fl, this.exchanges);
    other.watchers = this.watchers;
    return other;
  }

  /**
   * Counts a state watcher the test started itself (StateWatch.start) and checks itself in the test's invariant
   * record: the runner merges its summary (its events, sections, and whether every comparison held) into the
   * record once the body ends. Returns the watcher.
   */
  watching<W extends OwnWatcher>(watcher: W): W {
    this.watchers.push(watcher);
    return watcher;
  }

  /** The summaries of the watchers attached with `watching` that applied or compared anything. */
  ownWatchers(): InvariantRecord[] {
    return this.watchers.flatMap((w) => w.summary() ?? []);
  }

  persona(role: PersonaRole): Persona {
    const p = this.target.personas[role];
    if (!p || (this.declared && !this.declared.includes(role)))
      throw new HarnessError(`test ${this.testId} uses persona ${role} without declaring it in needs`);
    return p;
  }

  /** Whether the test may act as `role`: it declares it (or may use any) and the target has it. */
  declares(role: PersonaRole): boolean {
    return this.target.personas[role] !== undefined && (!this.declared || this.declared.includes(role));
  }

  /**
   * The persona that manages the organization for a helper or cleanup (looking channels up, archiving, deactivating):
   * the administrator, else the owner, when the test declares one; else `fallback`, the persona that made the thing.
   */
  manager(fallback: PersonaRole): PersonaRole {
    return (["administrator", "owner"] as const).find((r) => this.declares(r)) ?? fallback;
  }

  /** A client acting as the persona, or unauthenticated for null. */
  api(role: PersonaRole | null): ApiClient {
    const creds = role === null ? null : { email: this.persona(role).email, apiKey: this.persona(role).apiKey };
    return new ApiClient(this.target.url, creds, (ex) => (this.closing ? undefined : this.exchanges.push(ex)), this.target.product, undefined, {
      [TEST_HEADER]: testHeaderValue(this.testId, this.fl.levels),
    });
  }

  /** A name no other test or run uses (channels, topics, groups), under the run's prefix. */
  unique(label: string): string {
    return `${this.target.runId}-${label}-${UNIQUE_PREFIX}${(++uniqueCounter).toString(36)}`;
  }

  /**
   * A prerequisite, not the behaviour under test: if it fails, the test is blocked rather than failed.
   * Use it for setup steps that other clauses cover.
   */
  async given<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof ConformanceFailure) {
        const lead = `prerequisite failed: ${what}`;
        throw new BlockedError(`${lead}\n${e.message}`, e.clause.id, { lead, ...e.failure });
      }
      throw e;
    }
  }

  /** A prerequisite request that must succeed; returns its body. */
  async must(what: string, res: Promise<ApiResponse>): Promise<Record<string, unknown>> {
    return this.given(what, async () => this.expect.success(await res, what));
  }

  /** POST /register for the persona (or a client of a user the test created); the queue is deleted when the test ends. */
  async register(role: PersonaRole | ApiClient, params: ParamMap = {}): Promise<Registered> {
    const client = typeof role === "string" ? this.api(role) : role;
    const res = await client.post("/register", params);
    const body = this.expect.schema(RegisterResponse, this.expect.success(res, "POST /register"), res.exchange, "POST /register");
    const reference = isReferenceServer(this.target);
    const queue = new EventQueueReader(
      client,
      body.queue_id,
      body.last_event_id,
      this.expect,
      reference ? REFERENCE_BUDGET_MS : DEFAULT_BUDGET_MS,
      reference ? "drained" : "budget",
      feedWatch(this.target, client),
    );
    this.queues.push(queue);
    return { body, queue };
  }

  /**
   * Removes `label` (what the test made: a scheduled message, a channel, a user…) when the test ends, whatever its
   * outcome, so that a server used by run after run (a CI's staging server) holds no more of it than before the run.
   * Register it right after the thing exists. Cleanups run one at a time, the last registered first (a group before
   * the group it holds as a subgroup, a channel's scheduled messages before the channel). One that fails never
   * changes the test's status: its label becomes a leftover of the test, which the run's results list.
   */
  cleanup(label: string, fn: CleanupFn): void {
    this.cleanups.push({ label, fn });
  }

  /**
   * Ends what the test opened and made: its cleanups (see `cleanup`), then its event queues. Returns what could not
   * be removed, each as "label: why". Never throws.
   */
  async finish(): Promise<string[]> {
    this.closing = true;
    const leftovers: string[] = [];
    for (const { label, fn } of this.cleanups.splice(0).reverse()) {
      const why = await settleCleanup(fn);
      if (why !== null) leftovers.push(`${label}: ${why}`);
    }
    await Promise.allSettled(this.queues.map((q) => q.close()));
    return leftovers;
  }
}

/** Runs one cleanup; null when it removed its thing, else why not. */
async function settleCleanup(fn: CleanupFn): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), CLEANUP_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([fn(), timeout]);
    if (res === "timeout") return `no answer within ${CLEANUP_TIMEOUT_MS} ms`;
    if (!res || (res.status >= 200 && res.status < 300) || res.status === 404) return null;
    return `HTTP ${res.status} ${res.text.trim().slice(0, 200)}`;
  } catch (e) {
    return e instanceof Error ? e.message.split("\n")[0]! : String(e);
  } finally {
    clearTimeout(timer);
  }
}
