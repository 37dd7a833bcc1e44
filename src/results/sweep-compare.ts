import type { SweepResults } from "./sweep-schema.ts";

/** Two sweeps that are not of the same range, suites and faults; its message is the one line the CLI prints. */
export class SweepCompareError extends Error {}

/** A test that is a problem at levels where the other sweep had it not. */
export interface SweepChange {
  test: string;
  clause: string;
  status: string;
  levels: number[];
}

export interface SweepComparison {
  /** Problems in the later sweep at levels where the base had none for that test: regressions. */
  regressions: SweepChange[];
  /** Problems of the base sweep that the later one no longer has. */
  fixed: SweepChange[];
}

const key = (s: SweepResults) => JSON.stringify([s.from, s.to, s.filter, [...s.faults].sort()]);

/** Each problem's levels that the other sweep does not list for the same test. */
function beyond(a: SweepResults, b: SweepResults): SweepChange[] {
  const known = new Map(b.problems.map((p) => [p.id, new Set(p.levels)]));
  return a.problems.flatMap((p) => {
    const levels = p.levels.filter((l) => !known.get(p.id)?.has(l));
    return levels.length ? [{ test: p.id, clause: p.clause, status: p.status, levels }] : [];
  });
}

/**
 * A sweep against the previous one of the same range, suites and faults: a sweep lists only its problems, so a
 * problem (a test at a level) that the base did not have is a regression, and the base's that are gone are fixes.
 * Sweeps of different ranges, filters or faults are a SweepCompareError: their problems are not of the same tests.
 */
export function compareSweeps(base: SweepResults, later: SweepResults): SweepComparison {
  if (key(base) !== key(later))
    throw new SweepCompareError(
      `the sweeps are not of the same levels, suites and faults (FL ${base.from}–${base.to} against FL ${later.from}–${later.to}; compare sweeps of one range, filter and faults)`,
    );
  return { regressions: beyond(later, base), fixed: beyond(base, later) };
}

const clean = (s: string) => s.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, "");

export function renderSweepComparison(c: SweepComparison): string {
  const lines: string[] = [];
  const list = (title: string, rows: SweepChange[]) => {
    lines.push(rows.length ? `${title} (${rows.length}):` : `${title}: none.`);
    for (const r of rows) lines.push(clean(`  ${r.status.toUpperCase()} at FL ${r.levels.join(", ")}  ${r.clause}  ${r.test}`));
  };
  list("Regressions against the base sweep", c.regressions);
  list("Fixed since the base sweep", c.fixed);
  return `${lines.join("\n")}\n`;
}
