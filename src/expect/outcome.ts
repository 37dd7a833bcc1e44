import type { Exchange } from "../client/exchange.ts";
import type { PropertyCase } from "./failure.ts";
import type { InvariantRecord } from "./state/record.ts";

/**
 * The statuses of DESIGN.md (expected-fail and unexpected-pass come from an expectations file, at report time).
 * unverifiable: the harness cannot run the test on this target (see UnverifiableError); `remedy` says what would.
 */
export type Status = "pass" | "fail" | "n/a" | "skipped" | "blocked" | "error" | "unverifiable";

export interface Outcome {
  status: Status;
  /** Why n/a, skipped, blocked, unverifiable or error; the failure text for fail. */
  message?: string;
  /** For unverifiable: what would make the test runnable (a personas-file field, an option, a persona role). */
  remedy?: string;
  /** For fail: a curl line reproducing the request that showed it. */
  curl?: string;
  /**
   * For fail: the clause whose requirement was broken (a test of several clauses names the one that failed); for
   * blocked: the clause whose prerequisite step failed.
   */
  failedClause?: string;
  /** For a property test that did not pass: its failing case (also the message's last line). */
  property?: PropertyCase;
  /**
   * What the test made and its cleanups could not remove ("label: why"): left on the server, whatever the status
   * (TestContext.cleanup). Absent when everything was removed.
   */
  leftovers?: string[];
  exchanges: Exchange[];
  durationMs: number;
  /** What the state invariant did (absent for tests it does not concern: read-only, n/a, skipped before running). */
  invariant?: InvariantRecord;
}
