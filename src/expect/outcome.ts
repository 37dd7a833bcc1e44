import type { Exchange } from "../client/exchange.ts";

/** The statuses of DESIGN.md (expected-fail and unexpected-pass come from an expectations file, at report time). */
export type Status = "pass" | "fail" | "n/a" | "skipped" | "blocked" | "error";

export interface Outcome {
  status: Status;
  /** Why n/a, skipped, blocked or error; the failure text for fail. */
  message?: string;
  /** For fail: a curl line reproducing the request that showed it. */
  curl?: string;
  /** For fail: the clause whose requirement was broken (a test of several clauses names the one that failed). */
  failedClause?: string;
  exchanges: Exchange[];
  durationMs: number;
}
