import { z } from "zod";
import { StatusSchema } from "./schema.ts";

/**
 * history.json: one target's runs over time, oldest first (by startedAt), and each clause's status in each of them.
 * `compare --history DIR` writes it beside history.html, which is rendered from it alone.
 */
export const HISTORY_SCHEMA_VERSION = 1;

export const HistoryRunSchema = z.strictObject({
  /** The results file's path relative to the history folder. */
  label: z.string(),
  startedAt: z.string(),
  /** What the run tested: the target's level and release, and the harness version that tested it. */
  featureLevel: z.number().int(),
  release: z.string().nullable(),
  tool: z.string(),
  verifiedLevel: z.number().int().nullable(),
  /**
   * The share, 0–100 with one decimal, of the applicable testable clauses that the verified level covers
   * (results.json verifiedShare); null when the run has no verified level or predates the field.
   */
  score: z.number().nullable(),
  mustProblems: z.number().int(),
  passed: z.number().int(),
  total: z.number().int(),
  /** The run left tests out (a filter, --read-only): its verified level covers only what it ran. */
  partial: z.boolean(),
  /** The run's own report (its index.html) relative to history.html; null when there is none to link to. */
  report: z.string().nullable(),
});
export type HistoryRun = z.infer<typeof HistoryRunSchema>;

export const HistoryClauseSchema = z.strictObject({
  clause: z.string(),
  level: z.number().int(),
  area: z.string(),
  strength: z.enum(["must", "should", "may"]),
  title: z.string(),
  /** One per run, oldest first: the worst status of the clause's tests there; null, the run has none of them. */
  statuses: z.array(StatusSchema.nullable()),
  /** The index of the first run in which it was a problem (fail, error, blocked, unexpected-pass); null: never. */
  firstFailing: z.number().int().nullable(),
  /** Runs in which it passed after being a problem in the run before that had a verdict on it. */
  fixed: z.array(z.number().int()),
  /**
   * Runs whose status differs from the previous run with a verdict on the clause although the target's feature
   * level and release and the harness version are the same in both: the change came from nothing that was
   * changed, so the clause's tests, or the server, are not deterministic.
   */
  flaky: z.array(z.number().int()),
});
export type HistoryClause = z.infer<typeof HistoryClauseSchema>;

export const HistorySchema = z.strictObject({
  schemaVersion: z.literal(HISTORY_SCHEMA_VERSION),
  target: z.strictObject({ kind: z.enum(["reference", "url", "container"]), url: z.string(), product: z.enum(["chat", "zulip"]) }),
  runs: z.array(HistoryRunSchema).min(1),
  /** Every clause some run tested, by level and id. */
  clauses: z.array(HistoryClauseSchema),
  /** Clauses that are a problem in the latest run that has them, that were fixed at some point, that ever flaked. */
  summary: z.strictObject({ failingNow: z.number().int(), fixed: z.number().int(), flaky: z.number().int() }),
});
export type History = z.infer<typeof HistorySchema>;
