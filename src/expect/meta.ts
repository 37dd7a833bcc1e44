import type { Exchange } from "../client/exchange.ts";
import type { ThrottleRecord } from "../client/rate-limit.ts";
import type { Descriptor } from "./descriptor.ts";
import type { PropertyCase } from "./failure.ts";
import type { Outcome, Status } from "./outcome.ts";
import type { InvariantRecord } from "./state/record.ts";

/** A test's status after an expectations file has been applied. */
export type ReportedStatus = Status | "expected-fail" | "unexpected-pass";

/** What a test hands its reporter (vitest task meta: JSON only). */
export interface TestMeta {
  id: string;
  title: string;
  file: string;
  clauses: string[];
  status: ReportedStatus;
  message?: string;
  /** See Outcome.remedy. */
  remedy?: string;
  curl?: string;
  /** See Outcome.failedClause. */
  failedClause?: string;
  /** See Outcome.property. */
  property?: PropertyCase;
  /** See Outcome.leftovers. */
  leftovers?: string[];
  exchanges: Exchange[];
  durationMs: number;
  /** In a level sweep, the level of the reference server this run of the test went against. */
  atLevel?: number;
  /** See Outcome.invariant. */
  invariant?: InvariantRecord;
  /**
   * The requests this worker sent, and the rate limits they met, since the worker's previous test ended: each
   * test carries its worker's share to the main process (src/results/throttle.ts sums them).
   */
  throttle?: ThrottleRecord;
}

declare module "@vitest/runner" {
  interface TaskMeta {
    conformance?: TestMeta;
  }
}

const MAX_EXCHANGES = 12;
const MAX_BODY = 4000;

function trimExchange(ex: Exchange): Exchange {
  const clip = (s: string | undefined) => (s !== undefined && s.length > MAX_BODY ? `${s.slice(0, MAX_BODY)}… (${s.length} chars)` : s);
  const out: Exchange = { ...ex };
  const req = clip(ex.requestBody);
  const res = clip(ex.responseBody);
  if (req !== undefined) out.requestBody = req;
  if (res !== undefined) out.responseBody = res;
  return out;
}

export function toTestMeta(d: Descriptor, o: Outcome): TestMeta {
  const meta: TestMeta = {
    id: d.id,
    title: d.title,
    file: d.file,
    clauses: d.clauses,
    status: o.status,
    exchanges: o.exchanges.slice(-MAX_EXCHANGES).map(trimExchange),
    durationMs: o.durationMs,
  };
  if (o.message !== undefined) meta.message = o.message;
  if (o.remedy !== undefined) meta.remedy = o.remedy;
  if (o.curl !== undefined) meta.curl = o.curl;
  if (o.failedClause !== undefined) meta.failedClause = o.failedClause;
  if (o.property !== undefined) meta.property = o.property;
  if (o.leftovers !== undefined) meta.leftovers = o.leftovers;
  if (o.invariant !== undefined) meta.invariant = o.invariant;
  return meta;
}
