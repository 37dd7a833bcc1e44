import type { ServerResponse } from "node:http";
import { rateLimitHit } from "../errors/registry.ts";
import type { Runtime } from "../runtime.ts";
import type { User } from "../state/types.ts";
import { rateLimitHeaders, type Bucketing } from "./rate-limit.ts";

/**
 * Counts an authenticated request against its user's limit: sets the X-RateLimit-* headers on the response (every
 * answer written after this carries them), and throws the 429 RATE_LIMIT_HIT error when the request is refused.
 */
export function applyRateLimit(rt: Runtime, res: ServerResponse, user: User, bucket: Bucketing): void {
  const d = rt.limiter.take(user.id, bucket);
  if (d === undefined) return;
  for (const [name, value] of Object.entries(rateLimitHeaders(d))) res.setHeader(name, value);
  if (!d.allowed) throw rateLimitHit(d.retryAfter);
}
