import { describeRateLimited, policyText, type Bucket, type RateLimitPolicy, type ThrottleRecord } from "../client/rate-limit.ts";
import type { TargetInfo } from "../target/target.ts";
import type { ThrottleSummary } from "./schema.ts";

/** How many endpoints each persona's entry lists. */
const TOP_ENDPOINTS = 8;

const OTHER = "other accounts";

interface Sum {
  requests: number;
  limited: number;
  waitedMs: number;
  limit: string | null;
}

interface PersonaSum {
  persona: string;
  organization: "target" | "throw-away";
  buckets: Map<Bucket, Sum>;
  resends: Array<[number, number]>;
  endpoints: Map<string, number>;
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/**
 * Sums what every worker's tests (and the main process) recorded of their requests into results.json's `throttle`:
 * by persona — the role whose email the request carried, or "other accounts" for users the tests made — and
 * organization (the target's, or the throw-away ones beside it), then by bucket.
 */
export function summarizeThrottle(target: TargetInfo, records: readonly ThrottleRecord[], policy: RateLimitPolicy | undefined): ThrottleSummary {
  const roleOf = new Map(Object.entries(target.personas).map(([role, p]) => [p!.email, role]));
  const own = originOf(target.url);
  const personas = new Map<string, PersonaSum>();
  let rateLimited: ThrottleSummary["rateLimited"] = null;
  for (const rec of records) {
    for (const lane of rec.lanes) {
      const persona = roleOf.get(lane.email) ?? OTHER;
      const organization = lane.origin === own ? "target" : "throw-away";
      const key = `${organization} ${persona}`;
      let p = personas.get(key);
      if (!p) personas.set(key, (p = { persona, organization, buckets: new Map(), resends: [], endpoints: new Map() }));
      let b = p.buckets.get(lane.bucket);
      if (!b) p.buckets.set(lane.bucket, (b = { requests: 0, limited: 0, waitedMs: 0, limit: null }));
      b.requests += lane.requests;
      b.limited += lane.limited;
      b.waitedMs += lane.waitedMs;
      if (lane.limit !== undefined) b.limit = lane.limit;
      p.resends.push(...lane.resends);
      for (const [e, n] of Object.entries(lane.endpoints)) p.endpoints.set(e, (p.endpoints.get(e) ?? 0) + n);
    }
    if (rec.rateLimited && rateLimited === null) {
      const i = rec.rateLimited;
      const persona = roleOf.get(i.email) ?? i.email;
      rateLimited = {
        persona,
        bucket: i.bucket,
        limit: i.limit,
        announcedSeconds: i.announcedSeconds,
        throttledSeconds: i.throttledSeconds,
        maxWaitSeconds: i.maxWaitSeconds,
        line: describeRateLimited(i, persona),
      };
    }
  }
  const list = [...personas.values()].map((p) => {
    const buckets = [...p.buckets]
      .map(([bucket, s]) => ({ bucket, requests: s.requests, limited: s.limited, waitedMs: Math.round(s.waitedMs), limit: s.limit }))
      .sort((a, b) => a.bucket.localeCompare(b.bucket));
    const margins = p.resends.map(([announced, kept]) => kept - announced);
    return {
      persona: p.persona,
      organization: p.organization,
      requests: buckets.reduce((a, b) => a + b.requests, 0),
      limited: buckets.reduce((a, b) => a + b.limited, 0),
      waitedMs: buckets.reduce((a, b) => a + b.waitedMs, 0),
      buckets,
      resends: p.resends.length,
      earlyResends: margins.filter((m) => m < 0).length,
      minResendMarginMs: margins.length ? Math.round(Math.min(...margins) * 10) / 10 : null,
      topEndpoints: [...p.endpoints]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, TOP_ENDPOINTS)
        .map(([endpoint, requests]) => ({ endpoint, requests })),
    };
  });
  list.sort((a, b) => (a.organization === b.organization ? b.requests - a.requests : a.organization === "target" ? -1 : 1));
  return {
    setting: policyText(policy ?? { mode: "auto", maxWaitSeconds: 0 }),
    maxWaitSeconds: policy?.maxWaitSeconds ?? 0,
    requests: list.reduce((a, p) => a + p.requests, 0),
    limited: list.reduce((a, p) => a + p.limited, 0),
    waitedMs: list.reduce((a, p) => a + p.waitedMs, 0),
    personas: list,
    rateLimited,
  };
}
