import { ApiClient, type ApiResponse } from "../client/client.ts";
import { DEFAULT_BUDGET_MS, EventQueueReader, REFERENCE_BUDGET_MS } from "../client/events.ts";
import type { ParamMap } from "../client/encode.ts";
import type { Exchange } from "../client/exchange.ts";
import type { Clause } from "../catalog/schema.ts";
import { RegisterResponse } from "../schemas/register.ts";
import type { Persona, PersonaRole } from "../target/personas.ts";
import type { TargetInfo } from "../target/target.ts";
import { Expectations } from "./expect.ts";
import { BlockedError, ConformanceFailure, HarnessError } from "./failure.ts";
import type { TestFl } from "./fl.ts";

/** Unique across every worker of a run: the process id and a counter. */
const UNIQUE_PREFIX = process.pid.toString(36);
let uniqueCounter = 0;

export interface Registered {
  body: Record<string, unknown>;
  queue: EventQueueReader;
}

/** What a test body gets: the target, its level, personas, clients, expectations and event queues. */
export class TestContext {
  readonly exchanges: Exchange[] = [];
  readonly expect: Expectations;
  private readonly queues: EventQueueReader[] = [];

  constructor(
    readonly testId: string,
    readonly clause: Clause,
    readonly target: TargetInfo,
    readonly fl: TestFl,
  ) {
    this.expect = new Expectations(clause, () => this.exchanges[this.exchanges.length - 1]);
  }

  persona(role: PersonaRole): Persona {
    const p = this.target.personas[role];
    if (!p) throw new HarnessError(`test ${this.testId} uses persona ${role} without declaring it in needs`);
    return p;
  }

  /** A client acting as the persona, or unauthenticated for null. */
  api(role: PersonaRole | null): ApiClient {
    const creds = role === null ? null : { email: this.persona(role).email, apiKey: this.persona(role).apiKey };
    return new ApiClient(this.target.url, creds, (ex) => this.exchanges.push(ex), this.target.product);
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
      if (e instanceof ConformanceFailure) throw new BlockedError(`prerequisite failed: ${what}\n${e.message}`);
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
    const budget = this.target.kind === "reference" ? REFERENCE_BUDGET_MS : DEFAULT_BUDGET_MS;
    const queue = new EventQueueReader(client, body.queue_id, body.last_event_id, this.expect, budget);
    this.queues.push(queue);
    return { body, queue };
  }

  /** Ends what the test opened (event queues). Errors here never change the outcome. */
  async cleanup(): Promise<void> {
    await Promise.allSettled(this.queues.map((q) => q.close()));
  }
}
