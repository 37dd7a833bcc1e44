import { compareRuns, type RunToCompare } from "./compare.ts";
import { HISTORY_SCHEMA_VERSION, type History, type HistoryClause } from "./history-schema.ts";
import type { Results, ResultStatus } from "./schema.ts";
import { isProblem } from "./tally.ts";
import { leftTestsOut } from "./verdict.ts";

export type { History, HistoryClause, HistoryRun } from "./history-schema.ts";

/** Runs that cannot make one history; its message is the one line the CLI prints. */
export class HistoryError extends Error {}

/** Statuses that say nothing about the server (compare.ts's NO_VERDICT): a step with one is skipped over. */
const NO_VERDICT: ReadonlySet<ResultStatus> = new Set(["n/a", "skipped", "unverifiable"]);
const PASSED: ReadonlySet<ResultStatus> = new Set(["pass", "unexpected-pass"]);

/**
 * Which target a run tested. A reference server or a container is started on a fresh port each run, so its URL says
 * nothing; a server given by URL is that URL.
 */
function targetKey(r: Results): string {
  return r.target.kind === "url" ? `${r.target.product} ${r.target.url}` : `${r.target.product} ${r.target.kind}`;
}

/** What should decide a clause's status: the target's level and release, and the harness that tested it. */
function versionKey(r: Results): string {
  return `${r.target.featureLevel} ${r.target.release ?? ""} ${r.tool.version}`;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * One target's runs as a history: each clause's status in each run, oldest first, when it first failed, when it
 * was fixed and when it flaked, and each run's verified level and score. Runs of different targets are a
 * HistoryError: their statuses over time would not be one server's.
 */
export function buildHistory(runs: readonly RunToCompare[]): History {
  if (!runs.length) throw new HistoryError("no runs to make a history of");
  const first = runs[0]!.results;
  const other = runs.find((r) => targetKey(r.results) !== targetKey(first));
  if (other)
    throw new HistoryError(
      `the runs are of different targets: ${runs[0]!.label} tested ${targetKey(first)}, ${other.label} tested ${targetKey(other.results)}`,
    );
  const ordered = runs
    .map((r, i) => ({ r, i, t: Date.parse(r.results.startedAt) }))
    .sort((a, b) => (Number.isNaN(a.t) || Number.isNaN(b.t) ? 0 : a.t - b.t) || a.r.label.localeCompare(b.r.label))
    .map(({ r }) => r);
  const c = compareRuns(ordered);
  const versions = ordered.map((r) => versionKey(r.results));
  const clauses = c.clauses
    .map((row): HistoryClause => {
      const statuses = row.cells.map((x) => x.status);
      const firstFailing = statuses.findIndex((s) => s !== null && isProblem(s));
      const fixed: number[] = [];
      const flaky: number[] = [];
      let prev = -1;
      statuses.forEach((s, i) => {
        if (s === null || NO_VERDICT.has(s)) return;
        if (prev >= 0) {
          const p = statuses[prev]!;
          if (isProblem(p) && PASSED.has(s) && s !== p) fixed.push(i);
          if (s !== p && versions[i] === versions[prev]) flaky.push(i);
        }
        prev = i;
      });
      return {
        clause: row.clause,
        level: row.level,
        area: row.area,
        strength: row.strength,
        title: row.title,
        statuses,
        firstFailing: firstFailing < 0 ? null : firstFailing,
        fixed,
        flaky,
      };
    })
    .sort((a, b) => a.level - b.level || a.clause.localeCompare(b.clause));
  return {
    schemaVersion: HISTORY_SCHEMA_VERSION,
    target: { kind: first.target.kind, url: first.target.url, product: first.target.product },
    runs: ordered.map(({ label, results: r, report }) => ({
      label,
      startedAt: r.startedAt,
      featureLevel: r.target.featureLevel,
      release: r.target.release,
      tool: r.tool.version,
      verifiedLevel: r.verifiedLevel,
      score: r.verifiedShare && r.verifiedShare.applicable > 0 ? round1((r.verifiedShare.verified / r.verifiedShare.applicable) * 100) : null,
      mustProblems: r.summary.mustProblems,
      passed: r.summary.byStatus.pass ?? 0,
      total: r.summary.total,
      partial: leftTestsOut(r),
      report: report ?? null,
    })),
    clauses,
    summary: {
      failingNow: clauses.filter(failingNow).length,
      fixed: clauses.filter((h) => h.fixed.length > 0).length,
      flaky: clauses.filter((h) => h.flaky.length > 0).length,
    },
  };
}

/** The clause is a problem in the latest run that has it. */
export function failingNow(c: HistoryClause): boolean {
  const s = c.statuses.findLast((x) => x !== null);
  return s !== undefined && s !== null && isProblem(s);
}

const clean = (s: string) => s.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, "");

const signed = (n: number) => (n > 0 ? `+${n}` : n === 0 ? "±0" : `${n}`);

/** The history as text: each run's verified level and score, then the clauses that failed, were fixed or flaked. */
export function renderHistory(h: History): string {
  const lines = [`History of ${h.target.url} (${h.target.kind}): ${h.runs.length} run${h.runs.length === 1 ? "" : "s"}, oldest first`];
  h.runs.forEach((r, i) => {
    const verified = r.verifiedLevel === null ? "no level verified" : `verified through FL ${r.verifiedLevel}`;
    const score = r.score === null ? "" : `, score ${r.score.toFixed(1)} %`;
    lines.push(
      clean(
        `  [${i + 1}] ${r.startedAt}  ${r.label}: FL ${r.featureLevel}, ${verified}${score}, ${r.mustProblems} must-clause problem${r.mustProblems === 1 ? "" : "s"}${r.partial ? " (partial run)" : ""}`,
      ),
    );
  });
  const a = h.runs[0]!;
  const b = h.runs[h.runs.length - 1]!;
  if (h.runs.length > 1) {
    const level =
      a.verifiedLevel !== null && b.verifiedLevel !== null
        ? signed(b.verifiedLevel - a.verifiedLevel)
        : `${a.verifiedLevel ?? "none"} → ${b.verifiedLevel ?? "none"}`;
    const score = a.score !== null && b.score !== null ? signed(round1(b.score - a.score)) : `${a.score ?? "none"} → ${b.score ?? "none"}`;
    lines.push(`  trend, first to last run: verified level ${level}, score ${score}`);
  }
  const at = (i: number) => `[${i + 1}]`;
  const section = (title: string, rows: HistoryClause[], what: (c: HistoryClause) => string) => {
    lines.push("", rows.length ? `${title} (${rows.length}):` : `${title}: none.`);
    for (const c of rows) lines.push(clean(`  ${what(c)}  FL ${c.level}  ${c.clause}  ${c.title}`));
  };
  section("Failing in the latest run", h.clauses.filter(failingNow), (c) => `first failing in ${at(c.firstFailing!)}`);
  section(
    "Fixed",
    h.clauses.filter((c) => c.fixed.length),
    (c) => `failing from ${at(c.firstFailing!)}, fixed in ${c.fixed.map(at).join(", ")}`,
  );
  section(
    "Flaky (status changed with nothing changed)",
    h.clauses.filter((c) => c.flaky.length),
    (c) => `changed in ${c.flaky.map(at).join(", ")}`,
  );
  return `${lines.join("\n")}\n`;
}
