import type { ResultStatus, Results, TestResult } from "./schema.ts";
import { COMPARE_SCHEMA_VERSION, type Cell, type ClauseRow, type Comparison, type RunDifference, type Score } from "./compare-schema.ts";
import { isProblem, orderAreas, orderReleases, releaseOfLevel, SEVERITY } from "./tally.ts";
import { leftTestsOut } from "./verdict.ts";

export type { Comparison, ComparedRun, RunDifference } from "./compare-schema.ts";

/** One run to compare: its label, its document, and where its own report is relative to compare.html. */
export interface RunToCompare {
  label: string;
  results: Results;
  report?: string | null;
}

/** Tests that say nothing about the server either way: not run at its level, left out, or not verifiable there. */
const NO_VERDICT: ReadonlySet<ResultStatus> = new Set(["n/a", "skipped", "unverifiable"]);
const PASSED: ReadonlySet<ResultStatus> = new Set(["pass", "unexpected-pass"]);

function cellOf(tests: readonly { t: TestResult; i: number }[]): Cell {
  if (!tests.length) return { status: null, tests: 0, counted: 0, passed: 0, open: null };
  const worst = tests.reduce((a, b) => (SEVERITY[b.t.status] > SEVERITY[a.t.status] ? b : a));
  return {
    status: worst.t.status,
    tests: tests.length,
    counted: tests.filter(({ t }) => !NO_VERDICT.has(t.status)).length,
    passed: tests.filter(({ t }) => PASSED.has(t.status)).length,
    open: worst.i,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The interop-style score (compare-schema.ts ScoreSchema) over clause scores from 0 to 1, by area. */
function score(scored: readonly { area: string; value: number }[]): Score {
  const byArea = new Map<string, number[]>();
  for (const s of scored) byArea.set(s.area, [...(byArea.get(s.area) ?? []), s.value]);
  const means = orderAreas(byArea.keys()).map((a): [string, number] => {
    const v = byArea.get(a)!;
    return [a, (v.reduce((x, y) => x + y, 0) / v.length) * 100];
  });
  return {
    total: means.length ? round1(means.reduce((x, [, m]) => x + m, 0) / means.length) : null,
    byArea: Object.fromEntries(means.map(([a, m]) => [a, round1(m)])),
    clauses: scored.length,
  };
}

/** Clause rows: each test under its primary clause, in every run; by release, area, level and id. */
function clauseRows(runs: readonly RunToCompare[]): ClauseRow[] {
  const byClause = new Map<string, { first: TestResult; ids: Set<string>; perRun: { t: TestResult; i: number }[][] }>();
  runs.forEach((r, ri) =>
    r.results.tests.forEach((t, i) => {
      const id = t.clauses[0]!;
      let row = byClause.get(id);
      if (!row) byClause.set(id, (row = { first: t, ids: new Set(), perRun: runs.map(() => []) }));
      row.ids.add(t.id);
      row.perRun[ri]!.push({ t, i });
    }),
  );
  const rows = [...byClause].map(([clause, { first, ids, perRun }]): ClauseRow => {
    const cells = perRun.map(cellOf);
    const base = cells[0]!.status;
    return {
      clause,
      level: first.level,
      area: first.area,
      release: releaseOfLevel(first.level),
      strength: first.strength,
      title: first.title,
      tests: ids.size,
      cells,
      differs: cells.some((c) => c.status !== base),
      regressed: base === "pass" && cells.slice(1).some((c) => c.status !== null && isProblem(c.status)),
    };
  });
  const releases = orderReleases(rows.map((r) => r.release));
  const areas = orderAreas(rows.map((r) => r.area));
  return rows.sort(
    (a, b) =>
      releases.indexOf(a.release) - releases.indexOf(b.release) ||
      areas.indexOf(a.area) - areas.indexOf(b.area) ||
      a.level - b.level ||
      a.clause.localeCompare(b.clause),
  );
}

/**
 * Compares runs of the same suites across targets or over time: the headline of each with its score, every clause
 * with its status in each run, every test whose status differs, and the regressions against the first run. Tests
 * are matched by id, so a renamed test shows as absent. A test that passed in the first run and is unverifiable
 * later is a difference, not a regression: the later run could not look (its setup lacked something), which says
 * nothing against the server.
 */
export function compareRuns(runs: readonly RunToCompare[]): Comparison {
  const byRun = runs.map((r) => new Map(r.results.tests.map((t) => [t.id, t])));
  const ids = [...new Set(runs.flatMap((r) => r.results.tests.map((t) => t.id)))];
  const differences: RunDifference[] = [];
  const regressions: Comparison["regressions"] = [];
  for (const id of ids) {
    const found = byRun.map((m) => m.get(id));
    const statuses = found.map((t) => t?.status ?? null);
    if (statuses.every((s) => s === statuses[0])) continue;
    // The first run that has the test describes it (every test id comes from some run).
    const described = found.find((t) => t !== undefined)!;
    differences.push({ test: id, title: described.title, level: described.level, clauses: described.clauses, statuses });
    if (statuses[0] !== "pass") continue;
    statuses.forEach((s, i) => {
      if (i > 0 && s !== null && isProblem(s)) regressions.push({ test: id, run: runs[i]!.label, status: s });
    });
  }
  differences.sort((a, b) => a.level - b.level || a.test.localeCompare(b.test));
  const clauses = clauseRows(runs);
  const everywhere = clauses.filter((c) => c.cells.every((x) => x.counted > 0));
  return {
    schemaVersion: COMPARE_SCHEMA_VERSION,
    runs: runs.map(({ label, results, report }, ri) => ({
      label,
      target: results.target.url,
      kind: results.target.kind,
      product: results.target.product,
      featureLevel: results.target.featureLevel,
      release: results.target.release,
      startedAt: results.startedAt,
      verifiedLevel: results.verifiedLevel,
      mustProblems: results.summary.mustProblems,
      passed: results.summary.byStatus.pass ?? 0,
      unverifiable: results.summary.byStatus.unverifiable ?? 0,
      partial: leftTestsOut(results),
      total: results.summary.total,
      report: report ?? null,
      score: score(clauses.flatMap((c) => (c.cells[ri]!.counted > 0 ? [{ area: c.area, value: c.cells[ri]!.passed / c.cells[ri]!.counted }] : []))),
    })),
    clauses,
    differences,
    regressions,
    interop: score(everywhere.map((c) => ({ area: c.area, value: c.cells.every((x) => x.passed === x.counted) ? 1 : 0 }))),
  };
}

const clean = (s: string) => s.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, "");

/** The comparison as text: a row per run, then the differing tests with one status column per run. */
export function renderComparison(c: Comparison): string {
  const lines = ["Runs:"];
  c.runs.forEach((r, i) => {
    const verified = r.verifiedLevel === null ? (r.passed > 0 ? "no level verified" : "nothing verified") : `verified through FL ${r.verifiedLevel}`;
    const scope = `${r.partial ? " (partial run)" : ""}`;
    const unverifiable = r.unverifiable ? `, ${r.unverifiable} not verifiable` : "";
    const score = r.score.total === null ? "" : `, score ${r.score.total.toFixed(1)}`;
    lines.push(
      clean(
        `  [${i + 1}] ${r.label}: ${r.target} at FL ${r.featureLevel}, ${verified}${scope}, ${r.passed}/${r.total} pass${unverifiable}, ${r.mustProblems} must-clause problems${score}`,
      ),
    );
  });
  if (c.interop.total !== null)
    lines.push(`  all runs agree on ${c.interop.total.toFixed(1)} (interop score over the ${c.interop.clauses} clauses every run has a verdict on)`);
  if (!c.differences.length) {
    lines.push("", "Every test has the same status in every run.");
    return `${lines.join("\n")}\n`;
  }
  lines.push("", `Tests whose status differs (${c.differences.length}):`);
  const w = Math.max(...c.differences.flatMap((d) => d.statuses.map((s) => (s ?? "absent").length)));
  for (const d of c.differences) {
    lines.push(clean(`  ${d.statuses.map((s) => (s ?? "absent").padEnd(w)).join("  ")}  FL ${d.level}  ${d.clauses[0] ?? ""}  ${d.title}`));
  }
  lines.push("", c.regressions.length ? `Regressions against [1] (${c.regressions.length}):` : "No regressions against [1].");
  for (const r of c.regressions) lines.push(clean(`  ${r.status.toUpperCase()} in ${r.run}: ${r.test}`));
  return `${lines.join("\n")}\n`;
}
