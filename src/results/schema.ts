import { z } from "zod";

/**
 * The one canonical document of a run. Every renderer reads it; none redeclares it.
 * Version 2 added the unverifiable status, each test's remedy, `partial`, `strict` and summary.unverifiableClauses,
 * and verifiedLevel's rule for partial runs. Version 1 documents still read (for `compare` over time): the fields
 * they lack take the values a v1 run had (no remedies, not partial, not strict).
 */
export const RESULTS_SCHEMA_VERSION = 2;

export const StatusSchema = z.enum(["pass", "fail", "n/a", "skipped", "blocked", "error", "unverifiable", "expected-fail", "unexpected-pass"]);
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

/** What the state invariant did for one test (src/expect/state/invariant.ts; a test's `invariant`). */
export const InvariantSchema = z.strictObject({
  /** checked: compared and equal; failed: a difference (the test fails on INVARIANT_CLAUSE); skipped: not compared, and why. */
  status: z.enum(["checked", "failed", "skipped"]),
  /** Why skipped (opt-out reason, a test that failed first, a lost queue…). */
  why: z.string().optional(),
  /** The model's names (`type` or `type/op`) of the events reduced, each once. */
  reduced: z.array(z.string()),
  /** Event types the model does not know (not reduced: their sections are not compared). */
  unknown: z.array(z.string()),
  /** The register sections refetched and compared (fetch_event_types names). */
  sections: z.array(z.string()),
  /**
   * How many watchers of the test's own (StateWatch.start, attached with TestContext.watching) the record sums up
   * besides the runner's watcher; absent when none. Their events count as reduced, their sections as compared, and
   * the status is checked only when every comparison of every watcher held.
   */
  own: z.number().int().positive().optional(),
});
export type InvariantRecord = z.infer<typeof InvariantSchema>;

/**
 * One event type (or type/op) of the invariant's coverage (src/expect/state/coverage.ts): every event type and op
 * the spec (the catalog's clauses) or the model names, whether the model reduces it, whether a test's action
 * produced it, and the levels at which a test that produced it passed the comparison.
 */
export const EventCoverageSchema = z.strictObject({
  /** `type` or `type/op`. */
  event: z.string(),
  reducer: z.boolean(),
  /** The register sections its reducer can change (fetch_event_types names); empty for events without register state. */
  sections: z.array(z.string()),
  /** What the reducer does, in a line. */
  does: z.string().nullable(),
  /** Clauses of the catalog that name it. */
  clauses: z.array(z.string()),
  /** A test's watcher received and reduced it. */
  exercised: z.boolean(),
  /** Levels at which a watcher that reduced it found the states equal. */
  verifiedAt: z.array(z.number().int()),
});
export type EventCoverageRow = z.infer<typeof EventCoverageSchema>;

/**
 * The failing case of a property test (suites/support/property.ts), in its own fields: the shrunk counterexample
 * as fast-check prints it, the seed and path that replay it, and how many runs it took. Kept apart from the failure
 * text so that nothing pasted after a curl line makes it one bash cannot parse.
 */
export const PropertyCaseSchema = z.strictObject({ counterexample: z.string(), seed: z.number().int(), path: z.string(), runs: z.number().int() });
export type PropertyCase = z.infer<typeof PropertyCaseSchema>;

/**
 * A failure in fields of its own (src/expect/failure.ts ConformanceFailure): the clause and its words, what was
 * wanted and what came, the exchange that showed it and its curl line. The test's message says the same as text
 * (formatFailure, for the terminal, JUnit and Allure); the HTML report renders these fields.
 */
export const FailureSchema = z.strictObject({
  /**
   * What comes before the failure in the message: a blocked test's step ("prerequisite failed: …"), an expectations
   * entry's reason ("expected to fail (…): …"). Absent when nothing does.
   */
  lead: z.string().optional(),
  clause: z.string(),
  /** The clause's words. */
  says: z.string(),
  want: z.string(),
  /** Where in the answer the wanted value was looked for (a key path), when the check says. */
  at: z.string().optional(),
  got: z.string(),
  /**
   * The exchange the failure names: as the message describes it ("> METHOD URL", "> body", "< STATUS body"), and its
   * method, URL and status, by which a report finds it among the test's exchanges.
   */
  exchange: z.strictObject({ method: z.string(), url: z.string(), status: z.number().int().optional(), text: z.string() }).optional(),
  /** A curl line reproducing that exchange's request. */
  curl: z.string().optional(),
});
export type Failure = z.infer<typeof FailureSchema>;

/**
 * One test's result: the one declaration of a test result. The worker's record (TestMeta) and the test's own
 * (Outcome) are derived from it (src/results/test-records.ts), so a new per-test field is added here only.
 */
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
  /** Why n/a, skipped, blocked, unverifiable or error; the failure text for fail. */
  message: z.string().optional(),
  /** For unverifiable: what would make the test runnable (a personas-file field, an option, a persona role). */
  remedy: z.string().optional(),
  /** For fail: a curl line reproducing the request that showed it. */
  curl: z.string().optional(),
  /**
   * For fail: the clause whose requirement was broken, when the test names several (its level places the failure);
   * for blocked: the clause whose prerequisite step failed (the run's first failure is that clause's).
   */
  failedClause: z.string().optional(),
  /**
   * For fail, and for blocked when a step's check failed: the failure in fields of its own (the property case, when
   * a property found it, is `property`).
   */
  failure: FailureSchema.optional(),
  /** For a property test that did not pass: its failing case, so that a report can show it, and its replay, apart from the curl line. */
  property: PropertyCaseSchema.optional(),
  /**
   * What the test made on the server and its cleanups could not remove ("label: why"), whatever the status
   * (TestContext.cleanup); absent when everything was removed.
   */
  leftovers: z.array(z.string()).optional(),
  exchanges: z.array(ExchangeSchema),
  durationMs: z.number(),
  /**
   * What the state invariant did for the test (src/expect/state/invariant.ts): checked, failed, or skipped with
   * why; the events it reduced and the register sections it compared. Absent for tests it does not watch.
   */
  invariant: InvariantSchema.optional(),
});
export type TestResult = z.infer<typeof TestResultSchema>;

const Counts = z.strictObject({ tested: z.number().int(), testable: z.number().int() });

/** Why a run did not verify every applicable test of the suites, and what that leaves unverified. */
export const PartialSchema = z.strictObject({
  /** One line each: tests not selected by a filter, skipped by --read-only, not verifiable on this target. */
  reasons: z.array(z.string()).min(1),
  /** Applicable tests of the suites that this run did not run at all (a filter, a suite file that failed to load). */
  notRun: z.number().int(),
  /**
   * The lowest level of an applicable must-clause test the run left out or skipped (null: none): the verified level
   * stays below it, since nothing at that level was checked.
   */
  unverifiedFrom: z.number().int().nullable(),
});
export type PartialRun = z.infer<typeof PartialSchema>;

/** One bucket of one persona's requests (GET /events is limited apart on real servers). */
export const ThrottleBucketSchema = z.strictObject({
  bucket: z.enum(["api", "events"]),
  requests: z.number().int(),
  /** Answers 429 RATE_LIMIT_HIT the harness waited out and sent again. */
  limited: z.number().int(),
  waitedMs: z.number(),
  /** X-RateLimit-Limit of the last 429, when one was met and said it. */
  limit: z.string().nullable(),
});

export const ThrottlePersonaSchema = z.strictObject({
  /** The role of the personas file, or "other accounts" (users the tests made). */
  persona: z.string(),
  /** Where: the target's organization, or the throw-away organizations the tests started beside it. */
  organization: z.enum(["target", "throw-away"]),
  requests: z.number().int(),
  limited: z.number().int(),
  /** Wall time its requests were held (by a 429's wait, an X-RateLimit-Reset, the --rate-limit window), per worker, summed. */
  waitedMs: z.number(),
  buckets: z.array(ThrottleBucketSchema),
  /** Re-sends after a 429, those sent before the announced wait was over (0 in a run that honours them), and the least time kept beyond it. */
  resends: z.number().int(),
  earlyResends: z.number().int(),
  minResendMarginMs: z.number().nullable(),
  /** Where its requests went, most first ("GET /users/me"; numbers as {id}): what a run could cut. */
  topEndpoints: z.array(z.strictObject({ endpoint: z.string(), requests: z.number().int() })),
});

/** How the run met the target's rate limits, and the requests it sent, by persona (src/results/throttle.ts). */
export const ThrottleSchema = z.strictObject({
  /** `run --rate-limit`: auto, off, or N/SECONDS. */
  setting: z.string(),
  maxWaitSeconds: z.number(),
  requests: z.number().int(),
  limited: z.number().int(),
  waitedMs: z.number(),
  personas: z.array(ThrottlePersonaSchema),
  /** Set when a wait went over --max-wait: the run could not finish (the CLI exits 2). */
  rateLimited: z
    .strictObject({
      persona: z.string(),
      bucket: z.enum(["api", "events"]),
      limit: z.string().nullable(),
      announcedSeconds: z.number(),
      throttledSeconds: z.number(),
      maxWaitSeconds: z.number(),
      /** The one line the CLI prints. */
      line: z.string(),
    })
    .nullable(),
});
export type ThrottleSummary = z.infer<typeof ThrottleSchema>;

/**
 * What a shard's results.json records of the split (`run --shard K/N`), so that `chat-conformance merge` can check
 * the shards belong together and rebuild from them what one unsharded run writes.
 */
export const ShardSchema = z.strictObject({
  /** This shard, 1-based, of `count`. */
  index: z.number().int().min(1),
  count: z.number().int().min(1),
  /** The suite files this shard ran (source names), of those the run's filter selects. */
  files: z.array(z.string()),
  /** The whole run's --filter (null: every suite), which the shards split. */
  filter: z.array(z.string()).nullable(),
  /** What the split reckoned the files' times from: the committed table or a --durations file. */
  durations: z.string(),
  /** The time the split reckoned this shard's files take (the sum of their tests' earlier durations). */
  reckonedMs: z.number().int().min(0),
  /** Suite files of this shard that failed to load (a run with any is not conforming). */
  moduleErrors: z.array(z.string()),
});
export type ShardRecord = z.infer<typeof ShardSchema>;

/** Suite file (its source name, suites/…/x.test.ts) → milliseconds. */
export const FileMsSchema = z.record(z.string(), z.number().int().min(0));

export const ResultsSchema = z.strictObject({
  schemaVersion: z.union([z.literal(1), z.literal(RESULTS_SCHEMA_VERSION)]),
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
    /**
     * Must-clause tests that did not pass (fail, blocked, error) or passed against the expectations file
     * (unexpected-pass), and with `strict` those not verifiable here; each one makes the run red.
     */
    mustProblems: z.number().int(),
    /** Should-clause tests that failed: warnings. */
    shouldFailures: z.number().int(),
    /** Clauses named by tests that are not verifiable on this target (each test names its remedy). */
    unverifiableClauses: z.number().int().default(0),
  }),
  /**
   * The highest FL L such that every applicable must-clause test at or below L that this target can be tested for
   * was run and passed: a failure, a blocked or errored test, or a test the run left out (a filter, --read-only)
   * caps it below that test's level; a test not verifiable on this target does not (unless `strict`), it is listed
   * with its remedy instead. Null when no level of the catalog (from FL 153) is verified, or nothing passed.
   */
  verifiedLevel: z.number().int().nullable(),
  /**
   * With a verified level: how much of the target's level it covers. `applicable` is coverage.testable (testable
   * clauses that apply at the target's level); `verified` those of them at or below the verified level that a test
   * of this run passed and none failed, blocked or erred on. "Conforms through FL 260" says little when it is 13 %.
   * Absent with no verified level, and in documents written before it existed.
   */
  verifiedShare: z.strictObject({ verified: z.number().int(), applicable: z.number().int() }).optional(),
  /** Null when the run verified every applicable test of the suites; otherwise why not (see PartialSchema). */
  partial: PartialSchema.nullable().default(null),
  /** Unverifiable tests counted as problems (runConformance's `strict`, the CLI's --strict). */
  strict: z.boolean().default(false),
  firstFailure: z.strictObject({ clause: z.string(), level: z.number().int(), test: z.string() }).nullable(),
  /**
   * What this run tested: of the testable clauses that apply at the target's level (named by a test that is not n/a
   * there), those named by a test of this run that reached a verdict (pass, fail, expected-fail, unexpected-pass).
   * A partial run counts only what it ran; a test not verifiable here tests nothing.
   */
  coverage: z.strictObject({
    tested: z.number().int(),
    testable: z.number().int(),
    untestable: z.number().int(),
    byArea: z.record(z.string(), Counts),
    byRelease: z.record(z.string(), Counts),
    /** Applicable testable clauses this run did not test. */
    untestedIds: z.array(z.string()),
  }),
  tests: z.array(TestResultSchema),
  /**
   * What tests made on the server and could not remove (a failed cleanup), one entry per thing: what a server used
   * run after run accumulates. Empty when everything was removed; absent in documents written before it existed.
   */
  leftovers: z.array(z.strictObject({ test: z.string(), what: z.string() })).optional(),
  /**
   * The state invariant's coverage: every event type and op of the catalog and the model, whether the model
   * reduces it, whether this run's actions produced it, and the levels at which it was verified. Absent in
   * documents written before it existed.
   */
  eventCoverage: z.array(EventCoverageSchema).optional(),
  /** The requests the run sent and the rate limits they met, by persona. Absent in documents written before it existed. */
  throttle: ThrottleSchema.optional(),
  /** Present only in a shard's results (`run --shard K/N`); a merged or unsharded run has none. */
  shard: ShardSchema.optional(),
  /**
   * Each suite file's time in this run, in ms (what vitest spent on its module: preparing and importing it, its
   * hooks, its tests): what `run --shard K/N --durations results.json` splits a later run by. Absent in documents
   * written before it existed, and in a session's.
   */
  fileMs: FileMsSchema.optional(),
  /**
   * Present when the document judges live traffic rather than a run of the suites: a `proxy` session's spec and
   * client findings, or the client judge of `serve --quirks` (`client-judge`). Such a document claims no level.
   */
  session: z.enum(["proxy", "client-judge"]).optional(),
});
export type Results = z.infer<typeof ResultsSchema>;
