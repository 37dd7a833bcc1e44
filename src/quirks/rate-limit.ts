import { RateLimiter, rateLimitHeaders, type Clock } from "../../reference-server/http/rate-limit.ts";
import { jsonAnswer } from "./answers.ts";
import type { Quirk } from "./context.ts";
import { isEventsPath } from "./request.ts";
import { between, streamFor } from "./random.ts";

/** The per-user limit's range (requests in any RATE_WINDOW_SECONDS) the seed draws from, and GET /events' bucket. */
export const RATE_REQUESTS = [15, 30] as const;
export const RATE_WINDOW_SECONDS = 10;
export const EVENTS_BURST = 20;
export const EVENTS_INTERVAL_SECONDS = 0.3;

/**
 * rate-limit: per-user limits as real servers apply them (wire §18), tighter than their defaults as an operator may
 * set them, so that a client meets them within seconds: the seed draws N from RATE_REQUESTS, and each user (the
 * Authorization email) may make N requests in any RATE_WINDOW_SECONDS s (the reference server's sliding log of
 * accepted requests); GET /events has its own bucket, a burst of EVENTS_BURST then one per EVENTS_INTERVAL_SECONDS s.
 * Every limited answer carries X-RateLimit-Limit, -Remaining and -Reset; over the limit the request is not forwarded
 * and is answered 429 RATE_LIMIT_HIT with Retry-After (seconds, a float) in the header and the body. Requests
 * without credentials are not limited (the server answers them 401 first).
 */
export function rateLimit(seed: number): Quirk {
  const draw = streamFor(seed, "rate-limit");
  const requests = between(draw, RATE_REQUESTS[0], RATE_REQUESTS[1]);
  let limiter: RateLimiter | undefined;
  const keys = new Map<string, number>();
  return {
    name: "rate-limit",
    decide(call, ctx) {
      if (call.user === undefined) return undefined;
      const clock: Clock = () => ctx.now() / 1000;
      limiter ??= new RateLimiter({ requests, windowSeconds: RATE_WINDOW_SECONDS }, { burst: EVENTS_BURST, intervalSeconds: EVENTS_INTERVAL_SECONDS }, clock);
      let key = keys.get(call.user);
      if (key === undefined) keys.set(call.user, (key = keys.size + 1));
      const d = limiter.take(key, call.method === "GET" && isEventsPath(call.pathname) ? "events" : "api");
      if (d === undefined) return undefined;
      const headers = rateLimitHeaders(d);
      if (d.allowed) return { headers };
      const what = isEventsPath(call.pathname)
        ? `GET /events: a burst of ${EVENTS_BURST}, then one per ${EVENTS_INTERVAL_SECONDS} s`
        : `${requests} in ${RATE_WINDOW_SECONDS} s`;
      return {
        answer: jsonAnswer(
          "rate-limit",
          429,
          { result: "error", msg: "API usage exceeded rate limit", code: "RATE_LIMIT_HIT", "retry-after": d.retryAfter },
          headers,
        ),
        done: `answered 429 RATE_LIMIT_HIT, Retry-After ${d.retryAfter.toFixed(3)} (limit ${what} for ${call.user})`,
      };
    },
  };
}
