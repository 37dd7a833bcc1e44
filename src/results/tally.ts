import { RELEASE_RANGES, releaseForLevel } from "../../facts/releases.ts";
import { AREAS, RELEASES, type Release } from "../catalog/schema.ts";
import { StatusSchema, type ResultStatus, type TestResult } from "./schema.ts";

/** How tests of a results document rank, order and count: what the model and every renderer agree on. */

/** Every status, in the schema's order (pass first). */
export const STATUSES: readonly ResultStatus[] = StatusSchema.options;

/**
 * How bad a status is when several tests share one cell: the highest wins. unverifiable sits above pass so that a
 * level with a test nobody could check does not look fully green.
 */
export const SEVERITY: Record<ResultStatus, number> = {
  fail: 8,
  error: 7,
  "unexpected-pass": 6,
  blocked: 5,
  "expected-fail": 4,
  unverifiable: 3,
  pass: 2,
  skipped: 1,
  "n/a": 0,
};

/**
 * The statuses that make a test a problem (listed in summaries, expandable in the HTML). unverifiable is not one:
 * it is listed on its own with its remedy (and counted as a problem only in a strict run's verdict).
 */
export function isProblem(s: ResultStatus): boolean {
  return s === "fail" || s === "error" || s === "blocked" || s === "unexpected-pass";
}

export function worst(statuses: Iterable<ResultStatus>): ResultStatus | undefined {
  let w: ResultStatus | undefined;
  for (const s of statuses) if (w === undefined || SEVERITY[s] > SEVERITY[w]) w = s;
  return w;
}

/** The grid's row for levels outside every release (e.g. 0 for a test whose clause is not in the catalog). */
export const OTHER_RELEASE = "other";

export function releaseOfLevel(level: number): Release | typeof OTHER_RELEASE {
  return releaseForLevel(level) ?? OTHER_RELEASE;
}

/** A release's level range, for labels. */
export function releaseRange(release: string): { first: number; last: number } | undefined {
  return RELEASE_RANGES.find((r) => r.release === release);
}

/** Releases in catalog order, then any other keys (sorted). */
export function orderReleases(keys: Iterable<string>): string[] {
  const set = new Set(keys);
  const known: string[] = RELEASES.filter((r) => set.has(r));
  const rest = [...set].filter((k) => !(RELEASES as readonly string[]).includes(k)).sort();
  return [...known, ...rest];
}

/** Areas in catalog order, then any other areas (sorted). */
export function orderAreas(keys: Iterable<string>): string[] {
  const set = new Set(keys);
  const known: string[] = AREAS.filter((a) => set.has(a));
  const rest = [...set].filter((k) => !(AREAS as readonly string[]).includes(k)).sort();
  return [...known, ...rest];
}

/** Tests by level, then title: the order of the lists. */
export function byLevel(a: TestResult, b: TestResult): number {
  return a.level - b.level || a.title.localeCompare(b.title);
}

export function emptyCounts(): Record<ResultStatus, number> {
  return { pass: 0, fail: 0, "n/a": 0, skipped: 0, blocked: 0, error: 0, unverifiable: 0, "expected-fail": 0, "unexpected-pass": 0 };
}

export function tally(statuses: Iterable<ResultStatus>): Record<ResultStatus, number> {
  const c = emptyCounts();
  for (const s of statuses) c[s]++;
  return c;
}

export function countStatuses(tests: readonly TestResult[]): Record<ResultStatus, number> {
  return tally(tests.map((t) => t.status));
}

/** Floor, so that 99.6% never reads as 100%. */
export function pct(n: number, d: number): string {
  if (d <= 0) return "–";
  return `${Math.floor((n * 100) / d)}%`;
}
