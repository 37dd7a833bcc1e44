import { describeRateLimited, policyText, type Bucket, type RateLimitPolicy, type ThrottleRecord } from "../client/rate-limit.ts";
import type { TargetInfo } from "../target/target.ts";
import type { ThrottleSummary } from "./schema.ts";

/** How many endpoints each persona's entry lists. */
const TOP_ENDPOINTS = 8;

/** A persona's busiest endpoints, most requests first (ties by name), at most TOP_ENDPOINTS. */
function topEndpoints(counts: Iterable<[string, number]>): { endpoint: string; requests: number }[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_ENDPOINTS)
    .map(([endpoint, requests]) => ({ endpoint, requests }));
}

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

type PersonaSummary = ThrottleSummary["personas"][number];

/** The target's organization first, then the personas that sent most. */
const byOrganizationThenRequests = (a: PersonaSummary, b: PersonaSummary): number =>
  a.organization === b.organization ? b.requests - a.requests : a.organization === "target" ? -1 : 1;

/**
 * Sums what every worker's tests (and the main process) recorded of their requests into results.json's `throttle`:
 * by persona — the role whose email the request carried, or "other accounts" for users the tests made — and
 * organization (the target's, or the throw-away ones beside it), then by bucket.
 */
export function summarizeThrottle(
  target: Pick<TargetInfo, "personas" | "url">,
  records: readonly ThrottleRecord[],
  policy: RateLimitPolicy | undefined,
): ThrottleSummary {
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
      topEndpoints: topEndpoints(p.endpoints),
    };
  });
  list.sort(byOrganizationThenRequests);
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

/**
 * The shards' summaries as one (chat-conformance merge): each persona's requests, waits and re-sends summed, the least
 * margin kept, the endpoints counted from the shards' own top lists (an endpoint below each shard's top may be
 * missing), the first shard's setting and the first rate-limited stop. Each shard detected the target and started
 * workers of its own, so the requests include each shard's own; a sum, not what one unsharded run would send.
 */
export function mergeThrottle(summaries: readonly ThrottleSummary[]): ThrottleSummary {
  const personas = new Map<string, PersonaSummary & { endpoints: Map<string, number> }>();
  for (const s of summaries) {
    for (const p of s.personas) {
      const key = `${p.organization} ${p.persona}`;
      let m = personas.get(key);
      if (!m) {
        personas.set(
          key,
          (m = {
            ...p,
            requests: 0,
            limited: 0,
            waitedMs: 0,
            buckets: [],
            resends: 0,
            earlyResends: 0,
            minResendMarginMs: null,
            topEndpoints: [],
            endpoints: new Map(),
          }),
        );
      }
      m.requests += p.requests;
      m.limited += p.limited;
      m.waitedMs += p.waitedMs;
      m.resends += p.resends;
      m.earlyResends += p.earlyResends;
      if (p.minResendMarginMs !== null)
        m.minResendMarginMs = m.minResendMarginMs === null ? p.minResendMarginMs : Math.min(m.minResendMarginMs, p.minResendMarginMs);
      for (const b of p.buckets) {
        const known = m.buckets.find((x) => x.bucket === b.bucket);
        if (!known) m.buckets.push({ ...b });
        else {
          known.requests += b.requests;
          known.limited += b.limited;
          known.waitedMs += b.waitedMs;
          if (b.limit !== null) known.limit = b.limit;
        }
      }
      for (const e of p.topEndpoints) m.endpoints.set(e.endpoint, (m.endpoints.get(e.endpoint) ?? 0) + e.requests);
    }
  }
  const list: PersonaSummary[] = [...personas.values()].map(({ endpoints, ...p }) => ({
    ...p,
    buckets: p.buckets.sort((a, b) => a.bucket.localeCompare(b.bucket)),
    topEndpoints: topEndpoints(endpoints),
  }));
  list.sort(byOrganizationThenRequests);
  const first = summaries[0]!;
  return {
    setting: first.setting,
    maxWaitSeconds: first.maxWaitSeconds,
    requests: list.reduce((a, p) => a + p.requests, 0),
    limited: list.reduce((a, p) => a + p.limited, 0),
    waitedMs: list.reduce((a, p) => a + p.waitedMs, 0),
    personas: list,
    rateLimited: summaries.find((s) => s.rateLimited !== null)?.rateLimited ?? null,
  };
}
