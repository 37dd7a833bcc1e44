/**
 * Per-user rate limits as real servers apply them (wire §18): what a client developer meets on a real server, so
 * that their 429 handling, and the harness's, is tested against the reference server too.
 */

/** At most `requests` accepted requests in any `windowSeconds` (real servers: api_by_user, 200 / 60 s). */
export interface RateLimit {
  requests: number;
  windowSeconds: number;
}

/** GET /events' own bucket: a burst of `burst`, then one request per `intervalSeconds` (real servers: 200, 0.3 s). */
export interface EventsRateLimit {
  burst: number;
  intervalSeconds: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 200, windowSeconds: 60 };
export const DEFAULT_EVENTS_RATE_LIMIT: EventsRateLimit = { burst: 200, intervalSeconds: 0.3 };
/** The most requests a window may hold: each user's log is a buffer of this many timestamps (8 bytes each). */
export const MAX_RATE_LIMIT_REQUESTS = 100_000;

/** Seconds since the epoch, with a fraction. */
export type Clock = () => number;

/**
 * The wall clock, monotonic within the process (a step of the system clock does not unlock or lock anyone). Not the
 * reference control's clock: a test that moves that one forward by a day moves stored timestamps, not the rate at
 * which a client sends.
 */
export const wallClock: Clock = () => (performance.timeOrigin + performance.now()) / 1000;

/**
 * Float sums of the clock's readings (a time plus a window) land a few ulps either side of the instant they name: a
 * request sent exactly when the limit says it may be is accepted.
 */
const EPSILON = 1e-9;

/** One request's outcome, and what the X-RateLimit-* headers say of it. */
export interface Decision {
  allowed: boolean;
  limit: number;
  /** Requests the user may still send now, after this one. */
  remaining: number;
  /** Seconds until the user's limit is wholly free again (refused: until the next request may be sent). */
  secondsToFreedom: number;
  /** Refused: how long to wait before the next request is accepted; 0 when allowed. */
  retryAfter: number;
  now: number;
}

/** One user's accepted requests in the window, oldest first, in a ring of `requests` timestamps. */
interface Log {
  times: Float64Array;
  start: number;
  size: number;
}

/**
 * A sliding log of accepted requests per user: a request is refused while the N-th newest accepted one is under
 * T seconds old, until it is T s old; refused requests are not recorded. Entries T s old leave the log's front as
 * requests come, so each request costs O(1) amortised, whatever the window.
 */
export class SlidingLog {
  private readonly logs = new Map<number, Log>();
  constructor(readonly rule: RateLimit) {}

  take(key: number, now: number): Decision {
    const { requests: n, windowSeconds: t } = this.rule;
    let log = this.logs.get(key);
    if (log === undefined) this.logs.set(key, (log = { times: new Float64Array(n), start: 0, size: 0 }));
    while (log.size > 0 && now - log.times[log.start]! >= t - EPSILON) {
      log.start = (log.start + 1) % n;
      log.size--;
    }
    if (log.size >= n) {
      const wait = Math.max(0, log.times[log.start]! + t - now);
      return { allowed: false, limit: n, remaining: 0, secondsToFreedom: wait, retryAfter: wait, now };
    }
    log.times[(log.start + log.size) % n] = now;
    log.size++;
    // Free again once the newest request (this one) is T s old.
    return { allowed: true, limit: n, remaining: n - log.size, secondsToFreedom: t, retryAfter: 0, now };
  }
}

interface Bucket {
  tokens: number;
  at: number;
}

/** A token bucket per user: `burst` tokens, one back every `intervalSeconds`; a refused request takes none. */
export class TokenBucket {
  private readonly buckets = new Map<number, Bucket>();
  constructor(readonly rule: EventsRateLimit) {}

  take(key: number, now: number): Decision {
    const { burst, intervalSeconds: interval } = this.rule;
    let b = this.buckets.get(key);
    if (b === undefined) this.buckets.set(key, (b = { tokens: burst, at: now }));
    b.tokens = Math.min(burst, b.tokens + Math.max(0, now - b.at) / interval);
    b.at = now;
    if (b.tokens < 1 - EPSILON) {
      const wait = Math.min(interval, (1 - b.tokens) * interval);
      return { allowed: false, limit: burst, remaining: 0, secondsToFreedom: wait, retryAfter: wait, now };
    }
    b.tokens = Math.max(0, b.tokens - 1);
    return { allowed: true, limit: burst, remaining: Math.floor(b.tokens + EPSILON), secondsToFreedom: (burst - b.tokens) * interval, retryAfter: 0, now };
  }
}

/** Which limit a request counts against: GET /events (served apart on real servers) has its own. */
export type Bucketing = "api" | "events";

/** A server's limits: none, either or both; `clock` is replaceable so unit tests need not wait. */
export class RateLimiter {
  private readonly api: SlidingLog | undefined;
  private readonly events: TokenBucket | undefined;
  clock: Clock;

  constructor(
    readonly rateLimit: RateLimit | null,
    readonly eventsRateLimit: EventsRateLimit | null,
    clock: Clock = wallClock,
  ) {
    this.api = rateLimit === null ? undefined : new SlidingLog(rateLimit);
    this.events = eventsRateLimit === null ? undefined : new TokenBucket(eventsRateLimit);
    this.clock = clock;
  }

  /** The decision for one request of user `key`, recorded when allowed; undefined when that bucket has no limit. */
  take(key: number, bucket: Bucketing): Decision | undefined {
    const limit = bucket === "events" ? this.events : this.api;
    return limit?.take(key, this.clock());
  }
}

/** The headers real servers send with every answer to a limited request, accepted or refused. */
export function rateLimitHeaders(d: Decision): Record<string, string> {
  const headers: Record<string, string> = {
    "x-ratelimit-limit": String(d.limit),
    "x-ratelimit-remaining": String(d.remaining),
    "x-ratelimit-reset": String(Math.floor(d.now + d.secondsToFreedom)),
  };
  if (!d.allowed) headers["retry-after"] = String(d.retryAfter);
  return headers;
}
