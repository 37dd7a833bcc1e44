import { catalog } from "../catalog/catalog.ts";
import type { Coverage } from "../catalog/coverage.ts";
import type { TestMeta } from "../expect/meta.ts";
import type { TargetInfo } from "../target/target.ts";
import { RESULTS_SCHEMA_VERSION, StatusSchema, type Results, type ResultStatus, type TestResult } from "./schema.ts";

export interface BuildInput {
  target: TargetInfo;
  faults: string[];
  startedAt: Date;
  durationMs: number;
  tests: TestMeta[];
  coverage: Coverage;
  toolVersion: string;
}

const NOT_PASSING: ReadonlySet<ResultStatus> = new Set(["fail", "blocked", "error", "unexpected-pass"]);

function toResult(m: TestMeta): TestResult {
  const c = catalog().clause(m.clauses[0]!);
  const r: TestResult = {
    id: m.id,
    title: m.title,
    file: m.file,
    clauses: m.clauses,
    level: c?.level ?? 0,
    area: c?.area ?? "unknown",
    strength: c?.strength ?? "must",
    tags: c?.tags ?? [],
    status: m.status,
    exchanges: m.status === "pass" ? [] : m.exchanges,
    durationMs: m.durationMs,
  };
  if (m.message !== undefined) r.message = m.message;
  if (m.curl !== undefined) r.curl = m.curl;
  if (m.failedClause !== undefined) r.failedClause = m.failedClause;
  return r;
}

/** Where a problem sits: the level of the clause that failed (a test of several clauses may break a later one). */
function problemAt(t: TestResult): { clause: string; level: number } {
  const failed = t.failedClause !== undefined ? catalog().clause(t.failedClause) : undefined;
  return failed ? { clause: failed.id, level: failed.level } : { clause: t.clauses[0]!, level: t.level };
}

/** Builds the canonical results document from the tests' outcomes. */
export function buildResults(input: BuildInput): Results {
  const tests = input.tests.map(toResult).sort((a, b) => a.level - b.level || a.id.localeCompare(b.id));
  const byStatus = Object.fromEntries(StatusSchema.options.map((s) => [s, 0])) as Record<ResultStatus, number>;
  for (const t of tests) byStatus[t.status]++;
  const mustProblems = tests.filter((t) => t.strength === "must" && NOT_PASSING.has(t.status));
  const firstBad = mustProblems.map((t) => ({ ...problemAt(t), test: t.id })).sort((a, b) => a.level - b.level)[0];
  const ran = tests.some((t) => t.status === "pass" || NOT_PASSING.has(t.status));
  const fl = input.target.featureLevel;
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
    },
    verifiedLevel: !ran ? null : firstBad ? Math.min(fl, firstBad.level - 1) : fl,
    firstFailure: firstBad ?? null,
    coverage: input.coverage,
    tests,
  };
}
