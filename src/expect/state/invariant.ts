import { ApiClient } from "../../client/client.ts";
import { capabilitiesAt, MODERN_CLIENT_CAPABILITIES } from "../../client/capabilities.ts";
import type { ParamMap } from "../../client/encode.ts";
import { EventQueueReader } from "../../client/events.ts";
import { toCurl, type Exchange } from "../../client/exchange.ts";
import { catalog } from "../../catalog/catalog.ts";
import { AnyEvent, EventsResponse } from "../../schemas/events/envelope.ts";
import type { Persona, PersonaRole } from "../../target/personas.ts";
import { isReferenceServer, type TargetInfo } from "../../target/target.ts";
import { Expectations } from "../expect.ts";
import { feedWatch } from "../events-feed.ts";
import { ConformanceFailure, show } from "../failure.ts";
import { differences, toState, type Difference } from "./compare.ts";
import { jsonEqual } from "./json-equal.ts";
import type { ClientState, ReduceContext } from "./model.ts";
import type { InvariantRecord } from "./record.ts";
import { eventKey, REDUCERS, reduceAll, sectionsOf } from "./reducers.ts";

/** The clause a broken invariant fails: the events feed keeps a client's register state current. */
export const INVARIANT_CLAUSE = "fl153.events.state-consistency";

/**
 * The client capabilities of the invariant's register, unless a test declares its own: the modern client's, but
 * with every user's avatar_url, which the model compares (user_avatar_url_field_optional lets a server leave it out
 * of some users, and no event would settle it). A test that needs another client overrides them with
 * `invariant: { capabilities }`.
 */
export const DEFAULT_CAPABILITIES: Readonly<Record<string, boolean>> = { ...MODERN_CLIENT_CAPABILITIES, user_avatar_url_field_optional: false };

/**
 * The sections the watcher's register fetches: those the model can compare (every reducer's sections), not the
 * ones it never compares (presence: see exclusions.ts) or that no event changes (server constants, the bot
 * integrations lists). The channel lists are the bulk of a register, but unread counts need the subscriptions
 * (muting), and a pooled watcher serves tests of every area: the pool, not a smaller register, keeps it cheap.
 */
function baselineSections(): string[] {
  return sectionsOf(Object.keys(REDUCERS)).filter((s) => s !== "presence");
}

/** The idle watchers of this worker, by target, persona and capabilities (StateWatch.acquire). */
const POOL = new Map<string, StateWatch>();

/**
 * The model's key of the event after which nothing of the organization can be read: its API answers 401 from then
 * on (wire §2), the watcher's queue included, and the event changes no register state.
 */
const ORGANIZATION_GONE = "realm/deactivated";

/**
 * The costly message sections, each with the key it holds: an account with a long history holds thousands of
 * unread messages, and every refetch of unread_msgs returns them all. A refetch leaves such a section out while the
 * events since the last comparison that held left its key as that comparison saw it (a test that sends as the
 * watched user changes max_message_id, not its unreads) — unless the test's clauses name its events, or no event
 * could settle the key. What a comparison skips, the next one that touches the key compares.
 */
const COSTLY_SECTIONS: ReadonlyArray<readonly [section: string, key: string]> = [
  ["update_message_flags", "unread_msgs"],
  ["starred_messages", "starred_messages"],
  ["recent_private_conversations", "recent_private_conversations"],
];

/** How long a difference may take to settle on a server that queues events after it answers (real servers). */
const SETTLE_DELAYS_MS = [100, 300, 900];
const REFERENCE_SETTLE_DELAYS_MS = [0, 20, 100, 300];
/** Refetches at most, rounds with late events included: a busy shared server may never be still. */
const MAX_ROUNDS = 8;

/**
 * Zulip's verify_action practice as the harness's default: a watcher holds a register state (every event type,
 * every section the model compares) before a test's body and, after it, drains the queue, applies every event (the
 * test's and, on a shared server, other tests'), refetches the sections the events touch and requires equality.
 * Its requests are its own, not the test's exchanges; it goes back to the worker's pool (acquire / release) before
 * the test's cleanups run, or is deleted once its state can no longer be trusted.
 */
export class StateWatch {
  private state: ClientState = {};
  private events: AnyEvent[] = [];
  private reduced = new Set<string>();
  private unknown = new Set<string>();
  /** Keys no event can settle (ReduceContext.unknowable): skipped by comparisons until a refetch returns them. */
  private readonly unknowable = new Set<string>();
  private readonly own: Exchange[] = [];
  private queue: EventQueueReader | undefined;
  private readonly client: ApiClient;
  private readonly ctx: ReduceContext;
  private readonly pendingDeletes: Array<Promise<unknown>> = [];
  /** The sections the watcher's register fetched: only those can be compared. */
  private baseline: ReadonlySet<string> = new Set();
  private clauseKeys: string[] = [];
  private busy = false;

  private constructor(
    private readonly target: TargetInfo,
    who: PersonaRole | Persona,
    private readonly capabilities: Record<string, boolean>,
  ) {
    const p = typeof who === "string" ? target.personas[who]! : who;
    this.client = new ApiClient(target.url, { email: p.email, apiKey: p.apiKey }, (ex) => void this.own.push(ex), target.product);
    this.ctx = { userId: p.userId, fl: target.featureLevel, product: target.product, capabilities, unknowable: (path) => void this.unknowable.add(path) };
  }

  /** The model's keys of the events the clauses name: their sections are compared even when no event came. */
  private static clauseKeysOf(clauses: readonly string[]): string[] {
    const names = clauses.flatMap((id) => catalog().clause(id)?.events ?? []);
    return names.flatMap((e) => (REDUCERS[e] ? [e] : Object.keys(REDUCERS).filter((k) => k.startsWith(`${e}/`))));
  }

  /** A new watcher: registers its queue with `sections`; a string (why) when the register fails (other tests judge that). */
  private static async open(
    target: TargetInfo,
    role: PersonaRole | Persona,
    capabilities: Record<string, boolean>,
    sections: string[],
  ): Promise<StateWatch | string> {
    // The defaults the level knows, and what the test asks for as it asks.
    const w = new StateWatch(target, role, { ...capabilitiesAt(target.featureLevel, DEFAULT_CAPABILITIES), ...capabilities });
    w.baseline = new Set(sections);
    const res = await w.client.post("/register", w.params(sections));
    if (res.status !== 200 || res.json?.result !== "success") return `the watcher's register failed: HTTP ${res.status}`;
    const body = res.json;
    const reference = isReferenceServer(target);
    w.queue = new EventQueueReader(
      w.client,
      String(body.queue_id),
      Number(body.last_event_id),
      new Expectations(catalog().mustClause(INVARIANT_CLAUSE), () => w.own.at(-1)),
      1000,
      reference ? "drained" : "budget",
      feedWatch(target, w.client),
    );
    w.state = toState(body);
    w.settle();
    return w;
  }

  /**
   * A watcher of its own, outside the pool (close() deletes its queue): for tests that watch several steps
   * themselves, or a user the runner's watcher is not (a persona of a throw-away organization, a user the test
   * made). The test calls check() itself; attached with TestContext.watching, its comparisons count in the test's
   * invariant record (summary()).
   */
  static async start(
    target: TargetInfo,
    role: PersonaRole | Persona,
    capabilities: Record<string, boolean>,
    clauses: readonly string[],
  ): Promise<StateWatch | string> {
    const keys = StateWatch.clauseKeysOf(clauses);
    const w = await StateWatch.open(target, role, capabilities, baselineSections());
    if (typeof w !== "string") w.clauseKeys = keys;
    return w;
  }

  /**
   * A watcher for one test, from the worker's pool: the register is the costly part of the invariant, so a watcher
   * whose last comparison held is kept for the next test of the same target, persona and capabilities. Its state
   * is the previous refetch, brought up to date by the events since (the previous test's cleanups included, which
   * this test then compares too). Tests of a worker against one target run one at a time; a busy watcher is never
   * shared, and one whose queue is gone (a restart, a new API key) is replaced by a new register.
   */
  static async acquire(target: TargetInfo, role: PersonaRole, capabilities: Record<string, boolean>, clauses: readonly string[]): Promise<StateWatch | string> {
    // The run's id as well as the URL: a server that closes frees its port for the next one (the self-tests start
    // hundreds), and a new reference server with the default seed gives the same personas the same keys and its
    // queues the same ids, so a watcher of the old one could read another client's queue there.
    // By account, not role: a test may run with the member personas exchanged (src/target/persona-spread.ts).
    const key = `${target.runId}|${target.url}|${target.personas[role]?.email ?? role}|${JSON.stringify(capabilities)}`;
    const pooled = POOL.get(key);
    let w: StateWatch | string | undefined;
    if (pooled && !pooled.busy) {
      POOL.delete(key);
      w = pooled;
      w.begin();
      try {
        await w.drain();
      } catch {
        void w.close();
        w = undefined;
      }
    }
    w ??= await StateWatch.open(target, role, capabilities, baselineSections());
    if (typeof w === "string") return w;
    w.clauseKeys = StateWatch.clauseKeysOf(clauses);
    w.busy = true;
    w.poolKey = key;
    return w;
  }

  private poolKey: string | undefined;

  /**
   * Drops the pooled watchers of a target: after a test that changed the server without the invariant (an opt-out,
   * which may change what no event announces), the next test must not be blamed for that test's silent changes.
   */
  static async forget(target: TargetInfo): Promise<void> {
    const prefix = `${target.runId}|${target.url}|`;
    const gone = [...POOL].filter(([key, w]) => key.startsWith(prefix) && !w.busy);
    for (const [key] of gone) POOL.delete(key);
    await Promise.allSettled(gone.map(([, w]) => w.close()));
  }

  /** Starts a new test's record: the events, reductions and exchanges of the previous one are its own. */
  private begin(): void {
    this.events = [];
    this.reduced = new Set();
    this.unknown = new Set();
    this.own.length = 0;
  }

  /**
   * Ends a test's use of a pooled watcher: kept for the next test when its state is trustworthy (the comparison
   * held, or was not made), deleted when the comparison failed or the queue was lost.
   */
  async release(): Promise<void> {
    this.busy = false;
    if (!this.failed && !this.lost && this.poolKey !== undefined && !POOL.has(this.poolKey)) {
      POOL.set(this.poolKey, this);
      await Promise.allSettled(this.pendingDeletes.splice(0));
      return;
    }
    await this.close();
  }

  /** The watcher's register (every event type) or a refetch (`refetch`: state only, a queue of heartbeats deleted at once). */
  private params(sections: string[], refetch = false): ParamMap {
    const p: ParamMap = { apply_markdown: true, client_capabilities: this.capabilities, fetch_event_types: sections };
    if (refetch) p.event_types = ["heartbeat"];
    return p;
  }

  /** Reads what is queued now and applies it; returns how many events came. */
  private async drain(): Promise<number> {
    const got = (await this.queue!.pending()).filter((e) => e.type !== "heartbeat");
    this.apply(got);
    return got.length;
  }

  private apply(events: AnyEvent[]): void {
    this.events.push(...events);
    const r = reduceAll(this.state, events, this.ctx);
    this.state = r.state;
    for (const k of r.reduced) {
      this.reduced.add(k);
      this.uncompared.add(k);
    }
    for (const k of r.unknown) this.unknown.add(k);
    if (events.some((e) => eventKey(e) === ORGANIZATION_GONE)) this.gone = true;
  }

  /** This watcher's queue id (to give it a heartbeat of its own through the reference control). */
  get queueId(): string {
    return this.queue!.queueId;
  }

  /**
   * One long-poll of the queue, as a client waits (no dont_block): it ends when an event comes, or with a heartbeat
   * when none does; what comes is applied, heartbeats included, and returned. The invariant's drains never wait, so
   * this is how a watcher receives what only a waiting poll gets: a heartbeat, or the realm/deactivated event (once
   * the organization is deactivated, a poll that was not already waiting is answered 401). Throws a
   * ConformanceFailure of INVARIANT_CLAUSE when the poll fails.
   */
  async poll(budgetMs: number): Promise<AnyEvent[]> {
    const queue = this.queue!;
    const res = await this.client.get("/events", { queue_id: queue.queueId, last_event_id: queue.lastEventId }, { timeoutMs: budgetMs });
    const expect = new Expectations(catalog().mustClause(INVARIANT_CLAUSE), () => res.exchange);
    const events = expect
      .schema(EventsResponse, expect.success(res, "the watcher's GET /events"), res.exchange, "GET /events")
      .events.map((e) => AnyEvent.parse(e));
    for (const ev of events) queue.lastEventId = Math.max(queue.lastEventId, ev.id);
    this.apply(events);
    return events;
  }

  private async refetch(sections: string[]): Promise<ClientState> {
    const res = await this.client.post("/register", this.params(sections, true));
    if (res.status !== 200 || res.json?.result !== "success")
      throw new ConformanceFailure(catalog().mustClause(INVARIANT_CLAUSE), "the refetch (POST /register) to succeed", `HTTP ${res.status}`, res.exchange);
    if (typeof res.json.queue_id === "string") this.pendingDeletes.push(this.client.delete("/events", { queue_id: res.json.queue_id }).catch(() => undefined));
    return toState(res.json);
  }

  /**
   * Drains, refetches the touched sections, and compares; differences that go away once late events arrive are
   * races (another test acting between the drain and the refetch, a real server's queue workers), so a difference
   * fails only when it survives a few rounds. Throws a ConformanceFailure of INVARIANT_CLAUSE naming the key path,
   * both values, the events received and the action's curl.
   */
  async check(action: readonly Exchange[]): Promise<InvariantRecord> {
    let r: InvariantRecord;
    try {
      r = await this.compare(action);
    } catch (e) {
      if (e instanceof ConformanceFailure && this.failed) throw e;
      // The watcher could not read its queue or refetch (a restart lost the queue, a test changed the persona's
      // API key): nothing is known about the state either way, and the watcher is not reused.
      this.lost = true;
      r = { ...this.record("skipped", []), why: `the watcher lost its queue or could not refetch: ${(e as Error).message.split("\n").slice(0, 3).join(" ")}` };
    }
    for (const s of r.sections) this.comparedSections.add(s);
    if (r.status === "checked") this.uncompared.clear();
    else this.skips.add(r.why ?? "not compared");
    this.checks++;
    return r;
  }

  /** Comparisons made (check()), the reasons of those that could not be made, and the sections compared. */
  private checks = 0;
  private readonly skips = new Set<string>();
  private readonly comparedSections = new Set<string>();
  /** The events applied since the last comparison that held (model keys). */
  private readonly uncompared = new Set<string>();
  /** Set once the realm/deactivated event is applied: nothing can be read or refetched any more. */
  private gone = false;

  /**
   * What this watcher's comparisons came to over its whole life, as one record (a watcher of its own: StateWatch.start,
   * whose events accumulate): checked when it compared at least once, every comparison held and no event came after
   * the last; failed when one failed; skipped otherwise, saying why. Null when it neither applied an event nor
   * compared (a property run with no steps): it has nothing to count.
   */
  summary(): InvariantRecord | null {
    if (this.checks === 0 && this.events.length === 0) return null;
    const r = { ...this.record("checked", [...this.comparedSections].sort()) };
    if (this.failed) return { ...r, status: "failed" };
    const why = [...this.skips];
    if (this.checks === 0) why.push("the test never compared its watcher's state");
    else if (this.uncompared.size) why.push("events were applied after the watcher's last comparison");
    return why.length ? { ...r, status: "skipped", why: why.join("; ") } : r;
  }

  /** Set when the comparison failed (fail() threw), or the watcher's queue is unusable: the watcher is not reused. */
  private failed = false;
  lost = false;

  private async compare(action: readonly Exchange[]): Promise<InvariantRecord> {
    if (this.gone) {
      // The organization was deactivated: its queue and register answer 401, and the event changes no register
      // state, so nothing is left to refetch; what earlier events touched can no longer be compared.
      const touched = sectionsOf(this.uncompared).filter((x) => this.baseline.has(x));
      return touched.length
        ? { ...this.record("skipped", []), why: `the organization was deactivated before ${touched.join(", ")} could be compared` }
        : this.record("checked", []);
    }
    // The body has ended, so its events are queued (on the reference server before each answer): one drain tells
    // which sections to refetch. On a shared server other tests' events keep coming, hence the rounds below.
    await this.drain();
    const delays = isReferenceServer(this.target) ? REFERENCE_SETTLE_DELAYS_MS : SETTLE_DELAYS_MS;
    let sections: string[] = [];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      sections = this.touched();
      if (!sections.length) return this.record("checked", sections);
      const fresh = await this.refetch(sections);
      // Events that arrived while the refetch ran belong to the state the refetch saw, or to a later one: they
      // are applied before comparing, and a difference is only believed once a round passes without them.
      const late = await this.drain();
      const diffs = differences(this.state, fresh, this.unknowable);
      if (!diffs.length) {
        // A refetch that late events followed may predate them: taken as the state, it would undo what they did in
        // the keys the comparison skipped (those no event can settle). It is adopted only when nothing came after
        // it, on a later round if need be; a server never still for that long leaves those keys skipped.
        if (late === 0) this.adopt(fresh);
        else if (round + 1 < MAX_ROUNDS) continue;
        this.settle();
        return this.record("checked", sections);
      }
      if (late > 0) continue;
      if (round >= delays.length) this.fail(diffs, action);
      await new Promise((r) => setTimeout(r, delays[round]));
      await this.drain();
    }
    // Other tests kept changing the state faster than it could be compared: nothing is known either way.
    return { ...this.record("skipped", sections), why: `the state did not settle in ${MAX_ROUNDS} rounds: events kept arriving during every refetch` };
  }

  /**
   * Takes the refetched sections as the state from here on: they equal the reduced ones where compared, and they
   * settle what had become unknowable (a deleted newest message, derived permissions).
   */
  private adopt(fresh: ClientState): void {
    this.state = { ...this.state, ...fresh };
    for (const k of Object.keys(fresh)) this.unknowable.delete(k);
  }

  /** The costly sections' keys as the last comparison that held (or the register) saw them. */
  private settled = new Map<string, unknown>();

  private settle(): void {
    this.settled = new Map(COSTLY_SECTIONS.map(([, key]) => [key, this.state[key]]));
  }

  /**
   * The sections the events (and the test's clauses) touch, of those the baseline holds; a costly one only when
   * the clauses name its events or its key changed or became unknowable since the last comparison (COSTLY_SECTIONS).
   */
  private touched(): string[] {
    const named = new Set(sectionsOf(this.clauseKeys));
    // By value, not only by identity: a reducer that rebuilt the key (a recount, a removal of an id that was not
    // there) may leave it as it was, and its refetch is the costliest answer the invariant asks for.
    const changed = ([section, key]: readonly [string, string]) =>
      named.has(section) || this.unknowable.has(key) || !this.settled.has(key) || !jsonEqual(this.state[key], this.settled.get(key));
    const skipped = new Set(COSTLY_SECTIONS.filter((c) => !changed(c)).map(([section]) => section));
    return sectionsOf([...this.reduced, ...this.clauseKeys]).filter((s) => this.baseline.has(s) && !skipped.has(s));
  }

  private record(status: InvariantRecord["status"], sections: string[]): InvariantRecord {
    return { status, reduced: [...this.reduced].sort(), unknown: [...this.unknown].sort(), sections };
  }

  /** What the invariant did, for a check that threw: the same record, status failed. */
  failedRecord(): InvariantRecord {
    return this.record("failed", this.touched());
  }

  private fail(diffs: Difference[], action: readonly Exchange[]): never {
    const act = [...action].reverse().find((ex) => ex.method !== "GET" && !/\/(register|events)(\?|$)/.test(ex.url)) ?? action.at(-1);
    const list = this.events.map((e) => (typeof e.op === "string" ? `${e.type}/${e.op}#${e.id}` : `${e.type}#${e.id}`));
    this.failed = true;
    const d = diffs[0]!;
    const more = diffs.slice(1).map((x) => x.path);
    throw new ConformanceFailure(
      catalog().mustClause(INVARIANT_CLAUSE),
      `the register state with the ${this.events.length} event(s) received applied to equal a fresh register at ${d.path}: fresh ${show(d.fresh)}`,
      `reduced ${show(d.reduced)}${more.length ? `; also differ: ${more.join(", ")}` : ""}; events received: ${list.join(", ") || "none"}${act ? `; action: ${toCurl(act)}` : ""}`,
      act,
      d.path,
    );
  }

  /** Deletes the watcher's queue (and waits for the refetches' queues to go). Never throws. */
  async close(): Promise<void> {
    await Promise.allSettled([this.queue?.close(), ...this.pendingDeletes]);
  }
}
