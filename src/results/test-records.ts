import type { ThrottleRecord } from "../client/rate-limit.ts";
import type { ResultStatus, TestResult } from "./schema.ts";

/**
 * The records a test result passes through on its way to results.json, all derived from the one declaration of a
 * test result (TestResultSchema): what a test's run gives (Outcome), what its worker hands the main process
 * (TestMeta), and the result itself (TestResult), which adds the catalog's facts about the primary clause.
 */

/** The fields results.json copies from the catalog: the worker's record does not carry them. */
type CatalogFields = "level" | "area" | "strength" | "tags";

/**
 * The statuses of DESIGN.md that a test's run gives: expected-fail and unexpected-pass come only from an
 * expectations file, applied to the worker's record. unverifiable: the harness cannot run the test on this target
 * (see UnverifiableError); `remedy` says what would.
 */
export type Status = Exclude<ResultStatus, "expected-fail" | "unexpected-pass">;

/** What a test hands its reporter (vitest task meta: JSON only): the result without the catalog's fields. */
export type TestMeta = Omit<TestResult, CatalogFields> & {
  /** In a level sweep, the level of the reference server this run of the test went against. */
  atLevel?: number;
  /**
   * The requests this worker sent, and the rate limits they met, since the worker's previous test ended: each
   * test carries its worker's share to the main process (src/results/throttle.ts sums them).
   */
  throttle?: ThrottleRecord;
};

/** What running a test gives (src/expect/runner.ts): its worker's record before the descriptor's fields are added. */
export type Outcome = Omit<TestMeta, "id" | "title" | "file" | "clauses" | "status" | "atLevel" | "throttle"> & { status: Status };
