import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { catalog } from "../catalog/catalog.ts";
import { configureRateLimit, DEFAULT_POLICY, throttle, type RateLimitPolicy } from "../client/rate-limit.ts";
import { collectTests } from "../expect/collect.ts";
import { testsEventCoverage } from "../expect/state/coverage.ts";
import { buildResults } from "../results/build.ts";
import { sortedFileMs } from "../results/file-ms.ts";
import type { ExpectedFailures } from "../results/expectations.ts";
import type { Results } from "../results/schema.ts";
import { connectTarget, type RemoteTarget } from "../target/remote.ts";
import type { TargetInfo } from "../target/target.ts";
import { settleHarnessHost } from "../target/harness-host.ts";
import { describeSweep, sweepEarlierRuns } from "../target/earlier-runs.ts";
import { cleanRunMessages, newestMessageId } from "../target/run-messages.ts";
import { VERSION } from "../layout.ts";
import { runScope } from "./scope.ts";
import { preloadVitest, runSuites, type SuiteRunOptions } from "./suites.ts";

export type { RemoteTarget };

export interface ConformanceOptions extends Omit<SuiteRunOptions, "expectations"> {
  /** The server under test; omitted, an embedded reference server at `featureLevel` (default 372, with `faults`). */
  target?: RemoteTarget | TargetInfo;
  featureLevel?: number;
  /** Known deviations: listed failures are expected-fail, listed passes unexpected-pass. */
  expectations?: ExpectedFailures;
  /** Only the tests that change nothing on the server run. */
  readOnly?: boolean;
  /**
   * The harness's address as the target reaches it, for tests in which the target calls the harness (outgoing
   * webhooks, a push bouncer, a verification page); the listeners then bind to every interface. Omitted: the
   * target's own (RemoteTarget.harnessHost), 127.0.0.1 for an embedded server or a reference server found beside
   * the harness, else those tests are not verifiable. The CLI's --harness-host (default CC_HARNESS_HOST).
   */
  harnessHost?: string;
  /**
   * Tests not verifiable on this target count as problems: the run is red and the verified level stops below the
   * first. For a pipeline that must prove everything, not only what this target lets the harness check.
   */
  strict?: boolean;
  /**
   * How the run meets the target's rate limits (src/client/rate-limit.ts): omitted, auto (429s waited out and sent
   * again, X-RateLimit-* headers followed) with the default --max-wait. The CLI's --rate-limit and --max-wait.
   */
  rateLimit?: RateLimitPolicy;
  /**
   * This machine's part of a sharded run (src/run/shard.ts planShards): only `files` run, the tests of the filter's
   * other files are reported as another shard's, and the results record the shard for `chat-conformance merge`.
   */
  shard?: { index: number; count: number; files: readonly string[]; durations: string; reckonedMs: number };
}

export interface ConformanceRun {
  results: Results;
  /** Suite files that failed to load; a run with any is not conforming. */
  moduleErrors: string[];
  /**
   * 0 when no applicable must-clause test failed, was blocked or errored (with `strict`, also none was unverifiable),
   * 1 otherwise (the CLI's exit code). Tests the run left out or could not verify do not make it 1; the results say
   * so (results.partial, the unverifiable tests with their remedies). 2 when the run could not finish because the
   * target's rate limit asked for more waiting than --max-wait allows (results.throttle.rateLimited says so).
   */
  exitCode: 0 | 1 | 2;
}

/** Whose leftovers results.json lists for what the run's own clean-up could not remove. */
export const RUN_LEFTOVERS = "(the run)";

const isTargetInfo = (t: RemoteTarget | TargetInfo): t is TargetInfo => "runId" in t && "kind" in t;

/** Detects a remote target, or starts the embedded reference server; returns it with the way to stop it. */
async function open(o: ConformanceOptions): Promise<{ target: TargetInfo; close: () => Promise<void> }> {
  const none = async () => undefined;
  if (o.target === undefined) {
    // The reference server loads only for a run that starts one.
    const { startReferenceTarget } = await import("../target/reference.ts");
    return startReferenceTarget({ ...(o.featureLevel !== undefined ? { featureLevel: o.featureLevel } : {}), faults: o.faults ?? [] });
  }
  if (isTargetInfo(o.target)) return { target: o.target, close: none };
  return { target: await connectTarget(o.target), close: none };
}

/**
 * Runs the conformance suites against a target and returns the results document (the one every report renders).
 *
 *   const { results } = await runConformance({ target: { url, personas } });
 *   results.verifiedLevel;  // the highest level L such that every applicable must-clause test up to L ran and passed
 *   results.partial;        // null, or why the run did not verify everything (a filter, --read-only, unverifiable tests)
 */
export async function runConformance(o: ConformanceOptions = {}): Promise<ConformanceRun> {
  preloadVitest();
  const { target, close } = await open(o);
  try {
    await settleHarnessHost(target, o.harnessHost);
  } catch (e) {
    await close();
    throw e;
  }
  // Every worker's clients send under the run's policy; the main process's too. A client-side window is shared by
  // the workers through a folder of the run's own.
  const before = throttle.policy;
  const policy = o.rateLimit ?? target.rateLimit ?? DEFAULT_POLICY;
  const paceDir = policy.mode === "window" ? mkdtempSync(join(tmpdir(), "chat-conformance-pace-")) : undefined;
  const shared: RateLimitPolicy = policy.mode === "window" && paceDir !== undefined ? { ...policy, shareDir: paceDir } : policy;
  target.rateLimit = shared;
  configureRateLimit(shared);
  if (o.readOnly) {
    target.readOnly = true;
    target.notes.push("read-only: tests that change the server are skipped");
  }
  // What earlier runs left on a server that outlives runs (an embedded one is new): removed before any test.
  const longLived = target.kind !== "reference";
  if (longLived) {
    const swept = describeSweep(await sweepEarlierRuns(target));
    if (swept) target.notes.push(swept);
  }
  // The run's messages are found after it by their ids: every one comes after the newest the personas read now.
  const messagesAfter = longLived && !target.readOnly ? await newestMessageId(target) : undefined;
  const startedAt = new Date();
  // The whole suite, for the run's scope afterwards: imported while the workers run the tests, when this process
  // mostly waits.
  const suite = collectTests();
  // Should a suite file fail to import, that surfaces at the await below, not as an unhandled rejection meanwhile.
  suite.catch(() => undefined);
  let run;
  let cleaned;
  try {
    // A shard's files are its filter: they are among those the run's filter selects (src/run/shard.ts).
    run = await runSuites(target, o.shard ? { ...o, filter: o.shard.files } : o);
    if (messagesAfter !== undefined) {
      cleaned = await cleanRunMessages(target, messagesAfter);
      target.notes.push(`the run's messages: ${cleaned.marked} marked read, ${cleaned.deleted} deleted`);
    }
  } finally {
    await close();
    // The process goes back to the way it met limits before (a library user's next run, a test's next case).
    configureRateLimit(before);
    if (paceDir !== undefined) rmSync(paceDir, { recursive: true, force: true });
  }
  const scope = runScope(catalog(), await suite, run.tests, target.featureLevel, o.filter, o.shard);
  const results = buildResults({
    target,
    faults: [...(o.faults ?? [])],
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    // Each worker has settled its tests with the expectations (src/expect/behaviour.ts): they are applied there once.
    tests: run.tests,
    eventCoverage: testsEventCoverage(catalog(), run.tests, target.featureLevel),
    coverage: scope.coverage,
    notRun: scope.notRun,
    toolVersion: VERSION,
    ...(o.strict ? { strict: true } : {}),
    throttle: [throttle.take() ?? { lanes: [] }],
  });
  results.fileMs = sortedFileMs([run.fileMs]);
  // What the run's message clean-up could not do is the run's, not one test's.
  if (cleaned?.left.length) results.leftovers = [...(results.leftovers ?? []), ...cleaned.left.map((what) => ({ test: RUN_LEFTOVERS, what }))];
  if (o.shard) {
    const { index, count, files, durations, reckonedMs } = o.shard;
    results.shard = { index, count, files: [...files], filter: o.filter?.length ? [...o.filter] : null, durations, reckonedMs, moduleErrors: run.moduleErrors };
  }
  const exitCode = results.throttle?.rateLimited ? 2 : results.summary.mustProblems > 0 || run.moduleErrors.length > 0 ? 1 : 0;
  return { results, moduleErrors: run.moduleErrors, exitCode };
}
