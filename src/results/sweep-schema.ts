import { z } from "zod";
import { StatusSchema } from "./schema.ts";
import { EventCoverageSchema, FileMsSchema, ShardSchema } from "./schema.ts";

/**
 * sweep.json: the suites at every level of a range, each level against a reference server of its own
 * (`chat-conformance sweep`). sweep.html is rendered from it alone.
 */
export const SWEEP_SCHEMA_VERSION = 1;

const CountsSchema = z.record(StatusSchema, z.number().int().min(0));

/** One level × area cell: how its tests ended there. */
export const SweepCellSchema = z.strictObject({
  counts: CountsSchema,
  /** Tests that are problems at this level (fail, error, blocked, unexpected-pass, or not verifiable). */
  problems: z.number().int().min(0),
});
export type SweepCell = z.infer<typeof SweepCellSchema>;

export const SweepLevelSchema = z.strictObject({
  level: z.number().int(),
  release: z.string(),
  counts: CountsSchema,
  problems: z.number().int().min(0),
  /** By area; an area with no test at the level is absent. */
  areas: z.record(z.string(), SweepCellSchema),
});
export type SweepLevel = z.infer<typeof SweepLevelSchema>;

/** A test that was a problem at one or more levels, with the levels and the first one's details. */
export const SweepProblemSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  file: z.string(),
  clause: z.string(),
  area: z.string(),
  levels: z.array(z.number().int()),
  status: StatusSchema,
  message: z.string().optional(),
  curl: z.string().optional(),
});
export type SweepProblem = z.infer<typeof SweepProblemSchema>;

export const SweepResultsSchema = z.strictObject({
  schemaVersion: z.literal(SWEEP_SCHEMA_VERSION),
  tool: z.strictObject({ name: z.string(), version: z.string() }),
  startedAt: z.string(),
  wallMs: z.number().int().min(0),
  workers: z.number().int().min(1),
  from: z.number().int(),
  to: z.number().int(),
  /** The run was limited to these suite files (null: every suite). */
  filter: z.array(z.string()).nullable(),
  /** Clauses broken on purpose in every server of the sweep. */
  faults: z.array(z.string()),
  /** Every test run at every level. */
  counts: CountsSchema,
  problems: z.array(SweepProblemSchema),
  /** Levels at which no test was a problem, and those at which one was. */
  greenLevels: z.number().int().min(0),
  redLevels: z.array(z.number().int()),
  areas: z.array(z.string()),
  levels: z.array(SweepLevelSchema),
  /** Suite files that could not be loaded. */
  moduleErrors: z.array(z.string()),
  /**
   * The state invariant's coverage over every level of the sweep: each event type and op with reducer yes/no,
   * exercised yes/no, and the levels at which it was verified. Absent in documents written before it existed.
   */
  eventCoverage: z.array(EventCoverageSchema).optional(),
  /** Present only in a shard's sweep.json (`sweep --shard K/N`): which part of the suite files it ran. */
  shard: ShardSchema.omit({ moduleErrors: true }).optional(),
  /**
   * Each suite file's time over the whole sweep, in ms (its module's, summed over the groups of levels): what
   * `sweep --shard K/N --durations sweep.json` splits a later sweep by. Absent in documents written before it existed.
   */
  fileMs: FileMsSchema.optional(),
});
export type SweepResults = z.infer<typeof SweepResultsSchema>;
