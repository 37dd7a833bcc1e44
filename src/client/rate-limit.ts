import { appendFileSync } from "node:fs";
import { takeSharedSlot, takeSlot } from "./rate-slots.ts";

/**
 * How the harness meets a target's rate limits (wire §18: real servers refuse a user's requests over a limit with
 * 429 RATE_LIMIT_HIT and say when to come back):
 *
 * - auto: a 429 is waited out for the announced time (Retry-After, else the body's `retry-after`) and the request
 *   sent again; an answer that says no request is left (X-RateLimit-Remaining 0) holds the persona's next request of
 *   that bucket until X-RateLimit-Reset.
 * - window: auto, and each persona's API requests are paced on the client as well, at most `requests` in any
 *   `seconds` (shared by the run's workers through `shareDir`, else per process).
 * - off: a 429 is an answer like any other; the test sees it.
 *
 * A wait announced beyond `maxWaitSeconds`, or a persona throttled for longer than that in all, ends the run's
 * requests of that persona with RateLimitedError: the run cannot finish (the CLI says "rate-limited", exit 2).
 */
export type RateLimitPolicy =
  { mode: "auto" | "off"; maxWaitSeconds: number } | { mode: "window"; requests: number; seconds: number; maxWaitSeconds: number; shareDir?: string };

export const DEFAULT_MAX_WAIT_SECONDS = 1800;
export const DEFAULT_POLICY: RateLimitPolicy = { mode: "auto", maxWaitSeconds: DEFAULT_MAX_WAIT_SECONDS };

/** How a policy is written on the command line and in reports: auto, off, or N/SECONDS. */
export const policyText = (p: RateLimitPolicy): string => (p.mode === "window" ? `${p.requests}/${p.seconds}` : p.mode);

/** GET /events is limited apart from the rest on real servers (served by Tornado, a bucket of its own). */
export type Bucket = "api" | "events";
export const bucketOf = (method: string, url: URL): Bucket => (method === "GET" && /\/api\/v1\/events\/?$/.test(url.pathname) ? "events" : "api");

/**
 * A re-send is held this much past the announced instant: Retry-After is the server's float, read by the client a
 * transfer later, and a re-send on the very instant could still find the limit closed by rounding.
 */
const RESEND_MARGIN_MS = 5;
/** The longest wait a request's repeated refusals grow to beyond what they announce. */
const MAX_BACKOFF_MS = 10_000;

/** What a run could not wait out: the persona, the limit its answers stated, and the wait announced. */
export interface RateLimitedInfo {
  origin: string;
  email: string;
  bucket: Bucket;
  /** X-RateLimit-Limit of the refusal, when the server sent one. */
  limit: string | null;
  /** The wait the refusal announced, in seconds. */
  announcedSeconds: number;
  /** Throttled time of the persona before this refusal, in seconds. */
  throttledSeconds: number;
  maxWaitSeconds: number;
}

/** Thrown by a request the run cannot wait for: the target's limit asks for more than --max-wait. */
export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  constructor(readonly info: RateLimitedInfo) {
    super(describeRateLimited(info));
  }
}

/** One line: the persona, the limit seen, the wait announced, and what --max-wait allowed. */
export function describeRateLimited(i: RateLimitedInfo, persona: string = i.email): string {
  const limit = i.limit !== null ? `limit ${i.limit} requests` : "no X-RateLimit-Limit";
  const over =
    i.announcedSeconds > i.maxWaitSeconds
      ? `a wait of ${round1(i.announcedSeconds)} s announced, over --max-wait ${i.maxWaitSeconds} s`
      : `a wait of ${round1(i.announcedSeconds)} s announced after ${round1(i.throttledSeconds)} s throttled, over --max-wait ${i.maxWaitSeconds} s in all`;
  return `rate-limited: persona ${persona} (${i.bucket === "events" ? "GET /events" : "API"} bucket at ${i.origin}): ${limit}, ${over}`;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** What one persona's requests of one bucket met, since the record was last taken (JSON: it travels in test meta). */
export interface LaneRecord {
  origin: string;
  email: string;
  bucket: Bucket;
  requests: number;
  /** Answers 429 RATE_LIMIT_HIT the client waited out. */
  limited: number;
  /** Wall time in which a request of this lane was held (overlapping waits count once). */
  waitedMs: number;
  /** Each re-send after a 429: [the wait announced, the time from the 429's arrival to the re-send], in ms. */
  resends: Array<[number, number]>;
  /** The last X-RateLimit-Limit seen on a 429. */
  limit?: string;
  /** Requests by "METHOD /path" with numbers as {id}: where a run spends its requests. */
  endpoints: Record<string, number>;
}

export interface ThrottleRecord {
  lanes: LaneRecord[];
  /** Set when a persona's wait went over --max-wait in this process. */
  rateLimited?: RateLimitedInfo;
}

/** Wall time during which at least one request was held, as a running total (overlapping holds count once). */
class HoldClock {
  private active = 0;
  private since = 0;
  private total = 0;
  enter(now: number): void {
    if (this.active++ === 0) this.since = now;
  }
  leave(now: number): void {
    if (--this.active === 0) this.total += now - this.since;
  }
  read(now: number): number {
    return this.total + (this.active > 0 ? now - this.since : 0);
  }
}

interface Lane {
  origin: string;
  email: string;
  bucket: Bucket;
  /** performance.now() before which no request of the lane is sent. */
  holdUntil: number;
  clock: HoldClock;
  /** The clock's reading when the record was last taken. */
  takenWaitedMs: number;
  requests: number;
  limited: number;
  resends: Array<[number, number]>;
  limit?: string;
  endpoints: Map<string, number>;
  /** Send times (Date.now()) of the client-side window when it is not shared. */
  sent: number[];
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      signal?.removeEventListener("abort", abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    }
    signal?.addEventListener("abort", abort, { once: true });
  });

/** Sleeps until performance.now() reaches `until`: a timer may fire a fraction of a millisecond early. */
async function sleepUntil(until: number, signal?: AbortSignal): Promise<void> {
  for (let left = until - performance.now(); left > 0; left = until - performance.now()) await sleep(Math.ceil(left), signal);
}

/** "GET /messages/{id}/reactions" for a request URL: requests of one endpoint counted together. */
export function endpointOf(method: string, url: URL): string {
  return `${method} ${url.pathname.replace(/^\/api\/v1/, "").replace(/\/\d+(?=\/|$)/g, "/{id}")}`;
}

/** The announced wait of a 429 in seconds: the Retry-After header (a float), else the body's `retry-after`. */
export function announcedWait(headers: Record<string, string>, json: Record<string, unknown> | undefined): number | null {
  const fromHeader = Number(headers["retry-after"]);
  if (headers["retry-after"] !== undefined && Number.isFinite(fromHeader) && fromHeader >= 0) return fromHeader;
  const fromBody = json?.["retry-after"];
  if (typeof fromBody === "number" && Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
  if (typeof fromBody === "string" && fromBody.trim() !== "" && Number.isFinite(Number(fromBody)) && Number(fromBody) >= 0) return Number(fromBody);
  return null;
}

/** Whether an answer is a rate-limit refusal: 429, with RATE_LIMIT_HIT where the body says a code. */
export const isRateLimited = (status: number, json: Record<string, unknown> | undefined): boolean =>
  status === 429 && (json?.code === undefined || json.code === "RATE_LIMIT_HIT");

/**
 * The process's rate-limit state: one lane per persona (origin and email) and bucket, shared by every ApiClient of
 * the process, since the target limits the user, not the client object. Each vitest worker has its own; the
 * client-side window is shared between them through files when the policy names a folder.
 */
export class Throttle {
  private readonly lanes = new Map<string, Lane>();
  /** Per persona (origin and email): its throttled time in this process, for --max-wait. */
  private readonly personas = new Map<string, HoldClock>();
  /** Any request of the process held: the time event waits do not count against their budgets. */
  private readonly any = new HoldClock();
  private rateLimited: RateLimitedInfo | undefined;
  /** Personas whose limit the run cannot wait out: their requests fail at once. */
  private readonly exhausted = new Map<string, RateLimitedInfo>();

  constructor(public policy: RateLimitPolicy = DEFAULT_POLICY) {}

  /** Milliseconds during which some request of this process was held so far (event waits subtract it). */
  heldMs(): number {
    return this.any.read(performance.now());
  }

  private lane(origin: string, email: string, bucket: Bucket): Lane {
    const key = `${origin} ${email} ${bucket}`;
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = {
        origin,
        email,
        bucket,
        holdUntil: 0,
        clock: new HoldClock(),
        takenWaitedMs: 0,
        requests: 0,
        limited: 0,
        resends: [],
        endpoints: new Map(),
        sent: [],
      };
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private persona(origin: string, email: string): HoldClock {
    const key = `${origin} ${email}`;
    let c = this.personas.get(key);
    if (!c) this.personas.set(key, (c = new HoldClock()));
    return c;
  }

  /**
   * Sends one request under the policy: waits for the lane's hold and the client-side window, sends, and on a 429
   * waits the announced time and sends again, until an answer that is not a refusal. `send` is called once per
   * attempt; `onRefusal` receives each refusal the client waited out (not the test's to see).
   */
  async send<R extends { status: number; headers: Record<string, string>; json: Record<string, unknown> | undefined }>(
    who: { origin: string; email: string } | null,
    method: string,
    url: URL,
    signal: AbortSignal | undefined,
    send: () => Promise<R>,
  ): Promise<R> {
    if (who === null || this.policy.mode === "off") {
      if (who !== null) this.count(this.lane(who.origin, who.email, bucketOf(method, url)), method, url);
      return send();
    }
    const lane = this.lane(who.origin, who.email, bucketOf(method, url));
    const personaKey = `${who.origin} ${who.email}`;
    let refusedAt: number | undefined;
    let announcedMs = 0;
    let refusals = 0;
    for (;;) {
      const exhausted = this.exhausted.get(personaKey);
      if (exhausted) throw new RateLimitedError(exhausted);
      await this.hold(lane, signal);
      if (refusedAt !== undefined) lane.resends.push([announcedMs, performance.now() - refusedAt]);
      this.count(lane, method, url);
      const res = await send();
      if (!isRateLimited(res.status, res.json)) {
        this.paceFromHeaders(lane, res.headers);
        return res;
      }
      const wait = announcedWait(res.headers, res.json);
      // A 429 that says no time is not this protocol's refusal: the test sees it as it is.
      if (wait === null) return res;
      refusedAt = performance.now();
      announcedMs = wait * 1000;
      lane.limited++;
      if (res.headers["x-ratelimit-limit"] !== undefined) lane.limit = res.headers["x-ratelimit-limit"];
      const throttledMs = this.persona(who.origin, who.email).read(refusedAt);
      const maxMs = this.policy.maxWaitSeconds * 1000;
      if (announcedMs > maxMs || throttledMs + announcedMs > maxMs) {
        const info: RateLimitedInfo = {
          origin: who.origin,
          email: who.email,
          bucket: lane.bucket,
          limit: lane.limit ?? null,
          announcedSeconds: wait,
          throttledSeconds: throttledMs / 1000,
          maxWaitSeconds: this.policy.maxWaitSeconds,
        };
        this.exhausted.set(personaKey, info);
        this.rateLimited ??= info;
        throw new RateLimitedError(info);
      }
      // A server that refuses again and again with waits of nothing would be asked as fast as it answers: from the
      // fourth refusal of one request on, the waits grow (never below the announced one).
      refusals++;
      const backoffMs = refusals > 3 ? Math.min(MAX_BACKOFF_MS, 100 * 2 ** (refusals - 4)) : 0;
      lane.holdUntil = Math.max(lane.holdUntil, refusedAt + Math.max(announcedMs, backoffMs) + RESEND_MARGIN_MS);
    }
  }

  private count(lane: Lane, method: string, url: URL): void {
    lane.requests++;
    const e = endpointOf(method, url);
    lane.endpoints.set(e, (lane.endpoints.get(e) ?? 0) + 1);
  }

  /** X-RateLimit-Remaining 0: nothing more until X-RateLimit-Reset (UNIX seconds), unless that is past --max-wait. */
  private paceFromHeaders(lane: Lane, headers: Record<string, string>): void {
    if (headers["x-ratelimit-remaining"] !== "0") return;
    const reset = Number(headers["x-ratelimit-reset"]);
    if (!Number.isFinite(reset)) return;
    const waitMs = reset * 1000 - Date.now();
    if (waitMs <= 0 || waitMs > this.policy.maxWaitSeconds * 1000) return;
    lane.holdUntil = Math.max(lane.holdUntil, performance.now() + waitMs);
  }

  /** Waits for the lane's hold, and for a slot of the client-side window; the time counts as throttled. */
  private async hold(lane: Lane, signal: AbortSignal | undefined): Promise<void> {
    const windowed = this.policy.mode === "window" && lane.bucket === "api";
    if (lane.holdUntil <= performance.now() && !windowed) return;
    const clocks = [lane.clock, this.persona(lane.origin, lane.email), this.any];
    const start = performance.now();
    for (const c of clocks) c.enter(start);
    try {
      for (;;) {
        await sleepUntil(lane.holdUntil, signal);
        if (!windowed) return;
        const p = this.policy as Extract<RateLimitPolicy, { mode: "window" }>;
        const waitMs =
          p.shareDir !== undefined
            ? takeSharedSlot(p.shareDir, `${lane.origin} ${lane.email}`, p.requests, p.seconds * 1000)
            : takeSlot(lane.sent, p.requests, p.seconds * 1000);
        if (waitMs <= 0) return;
        await sleep(waitMs, signal);
      }
    } finally {
      const end = performance.now();
      for (const c of clocks) c.leave(end);
    }
  }

  /** What the lanes met since the last call (each test hands its share to the report through its meta); null: nothing. */
  take(): ThrottleRecord | null {
    const lanes: LaneRecord[] = [];
    const now = performance.now();
    for (const l of this.lanes.values()) {
      const waited = l.clock.read(now);
      if (l.requests === 0 && waited === l.takenWaitedMs) continue;
      const rec: LaneRecord = {
        origin: l.origin,
        email: l.email,
        bucket: l.bucket,
        requests: l.requests,
        limited: l.limited,
        waitedMs: Math.round(waited - l.takenWaitedMs),
        resends: l.resends.map(([a, g]) => [Math.round(a * 10) / 10, Math.round(g * 10) / 10]),
        endpoints: Object.fromEntries(l.endpoints),
      };
      if (l.limit !== undefined) rec.limit = l.limit;
      lanes.push(rec);
      logResends(l);
      l.takenWaitedMs = waited;
      l.requests = 0;
      l.limited = 0;
      l.resends = [];
      l.endpoints = new Map();
    }
    const rateLimited = this.rateLimited;
    this.rateLimited = undefined;
    if (!lanes.length && !rateLimited) return null;
    return rateLimited ? { lanes, rateLimited } : { lanes };
  }
}

/**
 * CC_THROTTLE_LOG=FILE: one line per re-send after a 429 (origin, email, bucket, the wait announced and the wait
 * kept, in ms), so that a run's honouring of Retry-After can be checked from outside its report.
 */
function logResends(l: Lane): void {
  const file = process.env.CC_THROTTLE_LOG;
  if (!file || !l.resends.length) return;
  appendFileSync(file, l.resends.map(([a, g]) => `${l.origin}\t${l.email}\t${l.bucket}\t${a.toFixed(3)}\t${g.toFixed(3)}\n`).join(""));
}

/** The process's throttle: every ApiClient sends through it. */
export const throttle = new Throttle();

/** Sets the process's policy (the CLI in the main process; a worker from its target, see ApiClient). */
export function configureRateLimit(policy: RateLimitPolicy): void {
  throttle.policy = policy;
}
