import { RELEASE_RANGES, releaseForLevel } from "../../facts/releases.ts";
import { AREAS, RELEASES, type Release } from "../catalog/schema.ts";
import { StatusSchema, type ResultStatus, type TestResult } from "./schema.ts";

/** Shared helpers of the renderers (HTML, JUnit, plain text): ordering, grouping, escaping, numbers. */

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

/** A CSS-safe class name for a status ("n/a" → "s-na"). */
export function statusClass(s: ResultStatus): string {
  return `s-${s.replace("/", "")}`;
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

export function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = out.get(k);
    if (list) list.push(it);
    else out.set(k, [it]);
  }
  return out;
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

/** The HTML anchor of a test: by index, since test ids may hold spaces and other characters. */
export function anchorOf(index: number): string {
  return `t${index}`;
}

/** Floor, so that 99.6% never reads as 100%. */
export function pct(n: number, d: number): string {
  if (d <= 0) return "–";
  return `${Math.floor((n * 100) / d)}%`;
}

export function fmtDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const m = Math.floor(ms / 60_000);
  return `${m} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** An ISO timestamp as "2025-01-15 10:20:30 UTC"; anything else as given. */
export function fmtTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

export function firstLine(s: string | undefined, max = 160): string {
  if (!s) return "";
  const line = s.trim().split(/\r?\n/, 1)[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Cuts a long text, saying how much was left out. */
export function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  return `${s.slice(0, max)}\n… (${s.length - max} more characters not shown)`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text or attribute value → HTML. Control characters (invalid in HTML text) are shown as \xNN,
 * lone surrogates as U+FFFD.
 */
export function escapeHtml(s: string): string {
  return s
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .replace(/\p{Cs}/gu, "\uFFFD");
}

/** A body for display: pretty-printed when it is JSON (and not huge), else as is. */
export function prettyBody(body: string): string {
  const t = body.trim();
  if (t.length > 200_000 || !(t.startsWith("{") || t.startsWith("["))) return body;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return body;
  }
}
