import { z } from "zod";

/** The one canonical document of a run. Every renderer reads it; none redeclares it. */
export const RESULTS_SCHEMA_VERSION = 1;

export const StatusSchema = z.enum(["pass", "fail", "n/a", "skipped", "blocked", "error", "expected-fail", "unexpected-pass"]);
export type ResultStatus = z.infer<typeof StatusSchema>;

export const ExchangeSchema = z.object({
  method: z.string(),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string().optional(),
  requestContentType: z.string().optional(),
  responseHeaders: z.record(z.string(), z.string()).optional(),
  status: z.number().int().optional(),
  responseBody: z.string().optional(),
  durationMs: z.number().optional(),
  error: z.string().optional(),
});

export const TestResultSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  file: z.string(),
  clauses: z.array(z.string()).min(1),
  /** The primary clause's level, area, strength and tags, copied from the catalog for the renderers. */
  level: z.number().int(),
  area: z.string(),
  strength: z.enum(["must", "should", "may"]),
  tags: z.array(z.string()),
  status: StatusSchema,
  message: z.string().optional(),
  curl: z.string().optional(),
  /** For fail: the clause whose requirement was broken, when the test names several (its level places the failure). */
  failedClause: z.string().optional(),
  exchanges: z.array(ExchangeSchema),
  durationMs: z.number(),
});
export type TestResult = z.infer<typeof TestResultSchema>;

const Counts = z.strictObject({ tested: z.number().int(), testable: z.number().int() });

export const ResultsSchema = z.strictObject({
  schemaVersion: z.literal(RESULTS_SCHEMA_VERSION),
  tool: z.strictObject({ name: z.string(), version: z.string() }),
  startedAt: z.string(),
  durationMs: z.number(),
  target: z.strictObject({
    kind: z.enum(["reference", "url", "container"]),
    url: z.string(),
    featureLevel: z.number().int(),
    release: z.string().nullable(),
    product: z.enum(["chat", "zulip"]),
    notes: z.array(z.string()),
    faults: z.array(z.string()),
  }),
  summary: z.strictObject({
    total: z.number().int(),
    byStatus: z.record(StatusSchema, z.number().int()),
    /** Must-clause tests that did not pass (fail, blocked, error) or passed against the expectations file (unexpected-pass); each one makes the run red. */
    mustProblems: z.number().int(),
    /** Should-clause tests that failed: warnings. */
    shouldFailures: z.number().int(),
  }),
  /** The highest FL through which every applicable must-clause test passes (null: none ran). */
  verifiedLevel: z.number().int().nullable(),
  firstFailure: z.strictObject({ clause: z.string(), level: z.number().int(), test: z.string() }).nullable(),
  coverage: z.strictObject({
    tested: z.number().int(),
    testable: z.number().int(),
    untestable: z.number().int(),
    byArea: z.record(z.string(), Counts),
    byRelease: z.record(z.string(), Counts),
    /** Testable clauses no test names. */
    untestedIds: z.array(z.string()),
  }),
  tests: z.array(TestResultSchema),
});
export type Results = z.infer<typeof ResultsSchema>;
