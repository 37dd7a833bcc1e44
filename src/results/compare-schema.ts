import { z } from "zod";
import { StatusSchema } from "./schema.ts";

/**
 * compare.json: runs of the same suites set side by side (targets, or one target over time). `compare` prints it
 * with --json and writes it with --out beside compare.html, which is rendered from it alone.
 */
export const COMPARE_SCHEMA_VERSION = 1;

/**
 * An interop-style score (after web-platform-tests' Interop dashboard), 0–100 with one decimal: each clause scores
 * the share of its tests that passed, each area the mean of its clauses, the whole the mean of its areas, so that a
 * large area does not drown the others. Only tests with a verdict count: n/a, skipped and unverifiable ones say
 * nothing about the server, and an absent clause is left out. Null when nothing counted.
 */
export const ScoreSchema = z.strictObject({
  total: z.number().nullable(),
  byArea: z.record(z.string(), z.number()),
  /** Clauses that counted. */
  clauses: z.number().int(),
});
export type Score = z.infer<typeof ScoreSchema>;

export const ComparedRunSchema = z.strictObject({
  label: z.string(),
  target: z.string(),
  kind: z.enum(["reference", "url", "container"]),
  product: z.enum(["chat", "zulip"]),
  featureLevel: z.number().int(),
  release: z.string().nullable(),
  startedAt: z.string(),
  verifiedLevel: z.number().int().nullable(),
  mustProblems: z.number().int(),
  passed: z.number().int(),
  /** Tests not verifiable on that run's target: a difference in setup, not in the server. */
  unverifiable: z.number().int(),
  /** The run left tests out (a filter, --read-only): its verified level covers only what it ran. */
  partial: z.boolean(),
  total: z.number().int(),
  /** The run's own report (its index.html) relative to compare.html; null when there is none to link to. */
  report: z.string().nullable(),
  score: ScoreSchema,
});
export type ComparedRun = z.infer<typeof ComparedRunSchema>;

/** One clause in one run: its tests there, by their primary clause. */
export const CellSchema = z.strictObject({
  /** The worst status of the clause's tests in the run (format.ts SEVERITY); null: the run has none of them. */
  status: StatusSchema.nullable(),
  tests: z.number().int(),
  /** Of those, with a verdict (not n/a, skipped or unverifiable), and passed (pass, unexpected-pass). */
  counted: z.number().int(),
  passed: z.number().int(),
  /** The index in that run's tests of the one to open first (the worst): its anchor in the run's report is t<index>. */
  open: z.number().int().nullable(),
});
export type Cell = z.infer<typeof CellSchema>;

export const ClauseRowSchema = z.strictObject({
  clause: z.string(),
  level: z.number().int(),
  area: z.string(),
  release: z.string(),
  strength: z.enum(["must", "should", "may"]),
  /** The title of its first test, and how many tests name it as their primary clause in any run. */
  title: z.string(),
  tests: z.number().int(),
  /** One per run, in the runs' order. */
  cells: z.array(CellSchema),
  /** Its status is not the same in every run (absent counts as a status). */
  differs: z.boolean(),
  /** It passed in the first run (the baseline) and is a problem in a later one. */
  regressed: z.boolean(),
});
export type ClauseRow = z.infer<typeof ClauseRowSchema>;

/** A test whose status is not the same in every run (null: the run did not have it). */
export const RunDifferenceSchema = z.strictObject({
  test: z.string(),
  title: z.string(),
  level: z.number().int(),
  clauses: z.array(z.string()),
  statuses: z.array(StatusSchema.nullable()),
});
export type RunDifference = z.infer<typeof RunDifferenceSchema>;

export const ComparisonSchema = z.strictObject({
  schemaVersion: z.literal(COMPARE_SCHEMA_VERSION),
  runs: z.array(ComparedRunSchema).min(2),
  /** Every clause some run tested, by release, area, level and id. */
  clauses: z.array(ClauseRowSchema),
  differences: z.array(RunDifferenceSchema),
  /** Tests that passed in the first run (the baseline) and are a problem in a later one. */
  regressions: z.array(z.strictObject({ test: z.string(), run: z.string(), status: StatusSchema })),
  /**
   * The clauses every run has a verdict on, each scoring 1 when all its tests passed in every run, else 0: how
   * much the targets agree on, as Interop's "interop" figure.
   */
  interop: ScoreSchema,
});
export type Comparison = z.infer<typeof ComparisonSchema>;
