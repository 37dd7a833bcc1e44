import type { ResultStatus, Results } from "./schema.ts";
import { isProblem } from "./format.ts";
import { leftTestsOut } from "./verdict.ts";

/** One run in a comparison, as the table shows it. */
export interface ComparedRun {
  label: string;
  target: string;
  featureLevel: number;
  verifiedLevel: number | null;
  mustProblems: number;
  passed: number;
  /** Tests not verifiable on that run's target: a difference in setup, not in the server. */
  unverifiable: number;
  /** The run left tests out (a filter, --read-only): its verified level covers only what it ran. */
  partial: boolean;
  total: number;
}

/** A test whose status is not the same in every run (null: the run did not have it). */
export interface Difference {
  test: string;
  title: string;
  level: number;
  clauses: string[];
  statuses: (ResultStatus | null)[];
}

export interface Comparison {
  runs: ComparedRun[];
  differences: Difference[];
  /** Tests that passed in the first run (the baseline) and are a problem in a later one. */
  regressions: { test: string; run: string; status: ResultStatus }[];
}

/**
 * Compares runs of the same suites across targets or over time: the headline of each, every test whose status
 * differs, and the regressions against the first run. Tests are matched by id, so a renamed test shows as absent.
 * A test that passed in the first run and is unverifiable later is a difference, not a regression: the later run
 * could not look (its setup lacked something), which says nothing against the server.
 */
export function compareRuns(runs: { label: string; results: Results }[]): Comparison {
  const byRun = runs.map((r) => new Map(r.results.tests.map((t) => [t.id, t])));
  const ids = [...new Set(runs.flatMap((r) => r.results.tests.map((t) => t.id)))];
  const differences: Difference[] = [];
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
  return {
    runs: runs.map(({ label, results }) => ({
      label,
      target: results.target.url,
      featureLevel: results.target.featureLevel,
      verifiedLevel: results.verifiedLevel,
      mustProblems: results.summary.mustProblems,
      passed: results.summary.byStatus.pass ?? 0,
      unverifiable: results.summary.byStatus.unverifiable ?? 0,
      partial: leftTestsOut(results),
      total: results.summary.total,
    })),
    differences,
    regressions,
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
    lines.push(clean(`  [${i + 1}] ${r.label}: ${r.target} at FL ${r.featureLevel}, ${verified}${scope}, ${r.passed}/${r.total} pass${unverifiable}, ${r.mustProblems} must-clause problems`));
  });
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
