import { catalog } from "../catalog/catalog.ts";
import type { Coverage } from "../catalog/coverage.ts";
import { FIRST_LEVEL } from "../catalog/schema.ts";
import type { TestMeta } from "./test-records.ts";
import type { TargetInfo } from "../target/target.ts";
import type { ThrottleRecord } from "../client/rate-limit.ts";
import { summarizeThrottle } from "./throttle.ts";
import { RESULTS_SCHEMA_VERSION, StatusSchema, type EventCoverageRow, type PartialRun, type Results, type ResultStatus, type TestResult } from "./schema.ts";

/** An applicable test of the suites that the run did not run, and why ("not selected by --filter …"). */
export interface NotRunTest {
  id: string;
  clauses: string[];
  why: string;
}

export interface BuildInput {
  target: TargetInfo;
  faults: string[];
  startedAt: Date;
  durationMs: number;
  tests: TestMeta[];
  coverage: Coverage;
  toolVersion: string;
  /**
   * The applicable tests the run left out (src/run/scope.ts). Required, so that no caller forgets it: a run that
   * looks complete only because nobody said what it left out would claim levels it never checked.
   */
  notRun: readonly NotRunTest[];
  /** Unverifiable tests count as problems: they make the run red and cap the verified level. */
  strict?: boolean;
  /**
   * The state invariant's coverage over these tests (src/expect/state/coverage.ts testsEventCoverage): the model it
   * is reckoned with sits above the results model.
   */
  eventCoverage: EventCoverageRow[];
  /** What the main process's own requests met (detection, checks), besides the tests' (TestMeta.throttle). */
  throttle?: readonly ThrottleRecord[];
}

const NOT_PASSING: ReadonlySet<ResultStatus> = new Set(["fail", "blocked", "error", "unexpected-pass"]);

/** The result of a test: the worker's record, the catalog's facts about its primary clause, no exchanges of a pass. */
function toResult(m: TestMeta): TestResult {
  const { id, title, file, clauses, atLevel: _atLevel, throttle: _throttle, leftovers, ...rest } = m;
  const c = catalog().clause(clauses[0]!);
  return {
    id,
    title,
    file,
    clauses,
    level: c?.level ?? 0,
    area: c?.area ?? "unknown",
    strength: c?.strength ?? "must",
    tags: c?.tags ?? [],
    ...rest,
    exchanges: m.status === "pass" ? [] : m.exchanges,
    ...(leftovers?.length ? { leftovers } : {}),
  };
}

/** The run's requests and rate limits by persona, when any request was recorded (a run's tests always record theirs). */
function throttleOf(input: BuildInput): { throttle?: Results["throttle"] } {
  const records = [...input.tests.flatMap((m) => m.throttle ?? []), ...(input.throttle ?? [])];
  return records.length ? { throttle: summarizeThrottle(input.target, records, input.target.rateLimit) } : {};
}

/**
 * Which of the problems at one level comes first: a clause that failed before a test it blocked (which points at
 * that clause), before a harness error, before a test counted only because the run is strict.
 */
const FIRST_RANK: Partial<Record<ResultStatus, number>> = { fail: 0, "unexpected-pass": 0, blocked: 1, error: 2, unverifiable: 3 };

/** How many applicable testable clauses the verified level covers (see ResultsSchema.verifiedShare). */
function shareOf(tests: readonly TestResult[], verifiedLevel: number | null, applicable: number): { verifiedShare?: NonNullable<Results["verifiedShare"]> } {
  if (verifiedLevel === null) return {};
  const spoilt = new Set(tests.filter((t) => NOT_PASSING.has(t.status) || t.status === "expected-fail").flatMap((t) => t.clauses));
  const passed = new Set(tests.filter((t) => t.status === "pass").flatMap((t) => t.clauses));
  const verified = [...passed].filter((id) => {
    const c = catalog().clause(id);
    return c !== undefined && c.testable === true && c.level <= verifiedLevel && !spoilt.has(id);
  }).length;
  return { verifiedShare: { verified: Math.min(verified, applicable), applicable } };
}

/** Where a problem sits: the level of the clause that failed (a test of several clauses may break a later one). */
function problemAt(t: TestResult): { clause: string; level: number } {
  const failed = t.failedClause !== undefined ? catalog().clause(t.failedClause) : undefined;
  return failed ? { clause: failed.id, level: failed.level } : { clause: t.clauses[0]!, level: t.level };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Counts of equal texts, in first-seen order. */
function countBy(texts: readonly string[]): [string, number][] {
  const m = new Map<string, number>();
  for (const t of texts) m.set(t, (m.get(t) ?? 0) + 1);
  return [...m];
}

/** Whether and why the run is partial: tests it left out, skipped, or could not verify on this target. */
function partialOf(tests: readonly TestResult[], notRun: readonly NotRunTest[], unverifiedFrom: number | null): PartialRun | null {
  const reasons = [
    ...countBy(notRun.map((t) => t.why)).map(([why, n]) => `${plural(n, "applicable test")} ${why}`),
    ...countBy(tests.filter((t) => t.status === "skipped").map((t) => t.message ?? "no reason given")).map(
      ([why, n]) => `${plural(n, "test")} skipped: ${why}`,
    ),
  ];
  const unverifiable = tests.filter((t) => t.status === "unverifiable").length;
  if (unverifiable) reasons.push(`${plural(unverifiable, "test")} not verifiable on this target (each names what would make it runnable)`);
  return reasons.length ? { reasons, notRun: notRun.length, unverifiedFrom } : null;
}

/**
 * Builds the canonical results document from the tests' outcomes.
 *
 * The verified level is the highest level L such that every applicable must-clause test at or below L that this
 * target can be tested for ran in this run and passed. So a failure (or blocked, errored, unexpected-pass test) at
 * level N caps it at N-1, as before; so does a test the run left out or skipped at level N (a filter, --read-only):
 * nothing was checked there, and "conforms through" must not cover what was never looked at. A test that cannot be
 * run on this target at all (unverifiable) does not cap it, since no run against this target could check it: it is
 * reported with its remedy, and `strict` turns it into a problem like any other. Below the catalog's floor, or when
 * no test passed, nothing is verified (null), rather than "conforms through FL 152".
 */
export function buildResults(input: BuildInput): Results {
  const tests = input.tests.map(toResult).sort((a, b) => a.level - b.level || a.id.localeCompare(b.id));
  const byStatus = Object.fromEntries(StatusSchema.options.map((s) => [s, 0])) as Record<ResultStatus, number>;
  for (const t of tests) byStatus[t.status]++;
  const isProblem = (s: ResultStatus) => NOT_PASSING.has(s) || (input.strict === true && s === "unverifiable");
  const mustProblems = tests.filter((t) => t.strength === "must" && isProblem(t.status));
  const firstBad = mustProblems
    .map((t) => ({ ...problemAt(t), test: t.id, rank: FIRST_RANK[t.status] ?? 4 }))
    .sort((a, b) => a.level - b.level || a.rank - b.rank)
    .map(({ rank: _rank, ...f }) => f)[0];
  const left = [
    ...tests.filter((t) => t.strength === "must" && t.status === "skipped").map((t) => t.level),
    ...input.notRun.flatMap((t) => {
      const c = catalog().clause(t.clauses[0]!);
      return c && c.strength === "must" ? [c.level] : [];
    }),
  ];
  const unverifiedFrom = left.length ? Math.min(...left) : null;
  const fl = input.target.featureLevel;
  const cap = Math.min(fl, firstBad ? firstBad.level - 1 : fl, unverifiedFrom !== null ? unverifiedFrom - 1 : fl);
  const verifiedLevel = tests.some((t) => t.status === "pass") && cap >= FIRST_LEVEL ? cap : null;
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    tool: { name: "chat-conformance", version: input.toolVersion },
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    target: {
      kind: input.target.kind,
      url: input.target.url,
      featureLevel: fl,
      release: catalog().releaseOf(fl) ?? null,
      product: input.target.product,
      notes: input.target.notes,
      faults: input.faults,
    },
    summary: {
      total: tests.length,
      byStatus,
      mustProblems: mustProblems.length,
      shouldFailures: tests.filter((t) => t.strength !== "must" && t.status === "fail").length,
      unverifiableClauses: new Set(tests.filter((t) => t.status === "unverifiable").flatMap((t) => t.clauses)).size,
    },
    verifiedLevel,
    ...shareOf(tests, verifiedLevel, input.coverage.testable),
    partial: partialOf(tests, input.notRun, unverifiedFrom),
    strict: input.strict === true,
    firstFailure: firstBad ?? null,
    coverage: input.coverage,
    tests,
    leftovers: tests.flatMap((t) => (t.leftovers ?? []).map((what) => ({ test: t.id, what }))),
    eventCoverage: input.eventCoverage,
    ...throttleOf(input),
  };
}
