import { rmSync } from "node:fs";
import { join } from "node:path";
// The catalog's range of levels, which is the reference server's (test/cli/help.test.ts checks they agree): the
// server itself loads only when the run starts one.
import { FIRST_LEVEL, LAST_LEVEL } from "../catalog/words.ts";
import { collectTests } from "../expect/collect.ts";
import { checkExpectations, readExpectations } from "./expectations-file.ts";
import { renderSummary } from "../report/summary.ts";
import { verdictOf } from "../results/verdict.ts";
import { REPORT_FILES, writeReports } from "../report/write.ts";
import { runConformance } from "../run/conformance.ts";
import { configureRateLimit, DEFAULT_MAX_WAIT_SECONDS, type RateLimitPolicy } from "../client/rate-limit.ts";
import { limitOption } from "./limit-option.ts";
import { preloadVitest } from "../run/suites.ts";
import { connectTarget } from "../target/remote.ts";
import type { TargetInfo } from "../target/target.ts";
import { paintSummary, paletteFor } from "./colour.ts";
import { checkFilterOption } from "./filter-option.ts";
import { shardLine, shardOption } from "./shard-option.ts";
import { parseOptions, type Values } from "./options.ts";
import { checkOutDir } from "./out-option.ts";
import { PERSONAS_ENV, personasFromEnv, readPersonasFile } from "./personas-doc.ts";
import { ProgressReporter } from "./progress.ts";
import { DEFAULT_OUT, RUN } from "./specs/run.ts";
import { REFERENCE_PORT } from "./specs/serve.ts";
import { intOption, UsageError, type Io } from "./usage.ts";
import { checkUrl } from "./target-url.ts";

/** run's options, from its table (src/cli/specs/run.ts), which also renders `run --help`. */
type RunValues = Values<typeof RUN.options>;

type Opened = { target: TargetInfo; close: () => Promise<void> };

/** --container IMAGE: started with testcontainers; personas from --personas or the image's own line. */
async function containerTarget(values: RunValues, image: string, assumeFl: number | undefined): Promise<Opened> {
  const env = Object.fromEntries(
    (values["container-env"] ?? []).map((kv) => {
      const i = kv.indexOf("=");
      if (i <= 0) throw new UsageError(`--container-env must be NAME=VALUE, got '${kv}'`);
      return [kv.slice(0, i), kv.slice(i + 1)];
    }),
  );
  const doc = values.personas !== undefined ? readPersonasFile(values.personas) : undefined;
  // testcontainers is an optional dependency, loaded only for this target.
  const { startContainerTarget } = await import("../target/container.ts");
  preloadVitest();
  return startContainerTarget({
    image,
    port: intOption("container-port", values["container-port"], 1, 65535) ?? REFERENCE_PORT,
    env,
    ...doc,
    ...(assumeFl !== undefined ? { assumeFl } : {}),
  });
}

/**
 * --target URL: any server, with the personas (and the server configuration and organization it declares) from
 * --personas, else from CC_PERSONAS.
 */
async function urlTarget(url: string, personasFile: string | undefined, assumeFl: number | undefined): Promise<Opened> {
  const doc = personasFile !== undefined ? readPersonasFile(personasFile) : personasFromEnv();
  if (doc === undefined)
    throw new UsageError(`--target needs --personas FILE or ${PERSONAS_ENV} (the personas document that \`serve --json\` or \`personas create\` prints)`);
  const declared = { url: checkUrl(url), ...doc, ...(assumeFl !== undefined ? { assumeFl } : {}) };
  preloadVitest();
  const target = await connectTarget(declared);
  return { target, close: async () => undefined };
}

/**
 * --harness-host (default CC_HARNESS_HOST): a host name or address as the target reaches the harness, without a
 * scheme or port (each listener picks its own port). Empty means not given, as an unset variable would.
 */
function harnessHostOption(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const host = raw.trim();
  if (!/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]*:[0-9a-fA-F:.]+|[A-Za-z0-9.-]+)$/.test(host)) {
    throw new UsageError(`--harness-host must be a host name or IP address as the target reaches the harness (no scheme or port), got '${raw}'`);
  }
  return host;
}

/** The run's target from the options: a container, a URL with its personas, or the embedded reference server. */
async function openTarget(values: RunValues, fl: number | undefined, assumeFl: number | undefined, faults: string[]): Promise<Opened> {
  const remote = values.container !== undefined ? "--container" : values.target !== undefined ? "--target" : undefined;
  if (values.container !== undefined && values.target !== undefined) throw new UsageError("give either --target URL or --container IMAGE, not both");
  if (remote !== undefined && fl !== undefined)
    throw new UsageError(`--feature-level sets the embedded reference server's level; with ${remote} use --assume-fl`);
  if (remote !== undefined && faults.length) throw new UsageError("--fault applies to the embedded reference server only");
  if (values.container !== undefined) return containerTarget(values, values.container, assumeFl);
  if (values.target !== undefined) return urlTarget(values.target, values.personas, assumeFl);
  if (values.personas !== undefined) throw new UsageError("--personas goes with --target");
  preloadVitest();
  const [{ ReferenceServerOptionError }, { startReferenceTarget }] = await Promise.all([
    import("../../reference-server/server.ts"),
    import("../target/reference.ts"),
  ]);
  try {
    return await startReferenceTarget({ featureLevel: fl ?? LAST_LEVEL, faults });
  } catch (e) {
    if (e instanceof ReferenceServerOptionError) throw new UsageError(e.message);
    throw e;
  }
}

/** --seed: a 32-bit integer, as fast-check prints its seeds (they may be negative). */
function seedOption(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw) || n < -(2 ** 31) || n >= 2 ** 31) throw new UsageError(`--seed must be a 32-bit integer, as a failure prints it, got '${raw}'`);
  return n;
}

/** --rate-limit auto|N/SECONDS|off and --max-wait SECONDS: how the run meets the target's rate limits. */
function rateLimitOptions(values: RunValues): RateLimitPolicy {
  const raw = values["max-wait"];
  const maxWaitSeconds = raw === undefined ? DEFAULT_MAX_WAIT_SECONDS : Number(raw);
  if (raw !== undefined && (!/^\d+(\.\d+)?$/.test(raw.trim()) || !(maxWaitSeconds > 0) || maxWaitSeconds > 86_400)) {
    throw new UsageError(`--max-wait must be seconds above 0, at most 86400 (e.g. ${DEFAULT_MAX_WAIT_SECONDS}), got '${raw}'`);
  }
  const mode = values["rate-limit"] ?? "auto";
  if (mode === "auto" || mode === "off") return { mode, maxWaitSeconds };
  // N/SECONDS: a window per persona, up to the reference server's largest (its --rate-limit takes the same shape).
  const rate = limitOption("rate-limit", mode, 100_000, "auto or N/SECONDS");
  return { mode: "window", requests: rate!.count, seconds: rate!.seconds, maxWaitSeconds };
}

/** `run`: the suites against one target; writes the reports and returns the exit code. */
export async function runCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseOptions(RUN, argv);
  const fl = intOption("feature-level", values["feature-level"], FIRST_LEVEL, LAST_LEVEL);
  const assumeFl = intOption("assume-fl", values["assume-fl"], 0, 10_000);
  // Checked before anything starts: a run that cannot write its reports at the end has wasted its minutes.
  const outDir = checkOutDir("--out", values.out ?? DEFAULT_OUT, REPORT_FILES, ["allure-results"]);
  const faults = values.fault ?? [];
  const harnessHost = harnessHostOption(values["harness-host"] ?? process.env.CC_HARNESS_HOST);
  const expectations = values.expectations !== undefined ? readExpectations(values.expectations) : undefined;
  const seed = seedOption(values.seed);
  const rateLimit = rateLimitOptions(values);
  // Detection's requests already meet the target's limits as the run's will.
  configureRateLimit(rateLimit);
  // Before any target starts: an entry naming nothing is a typo or a stale list (collected once per process, and
  // the run's coverage needs the same collection afterwards).
  if (expectations)
    checkExpectations(
      values.expectations!,
      expectations,
      (await collectTests()).map((d) => d.id),
    );
  await checkFilterOption(values.filter);
  const shard = await shardOption(values.shard, values.durations, values.filter);
  const { target, close } = await openTarget(values, fl, assumeFl, faults);
  io.err(
    `chat-conformance: running the suites against ${target.url} (${target.kind}, FL ${target.featureLevel})${shard ? `, shard ${shardLine(shard)}` : ""}${target.notes.map((n) => `\n  note: ${n}`).join("")}`,
  );
  const allureResultsDir = join(outDir, "allure-results");
  rmSync(allureResultsDir, { recursive: true, force: true });
  const progress = new ProgressReporter(io.stderr ?? { write: (s: string) => io.err(s) });
  let run;
  try {
    run = await runConformance({
      target,
      faults,
      allureResultsDir,
      reporters: [progress],
      ...(values.filter ? { filter: values.filter } : {}),
      ...(expectations ? { expectations } : {}),
      ...(values["read-only"] ? { readOnly: true } : {}),
      ...(harnessHost !== undefined ? { harnessHost } : {}),
      ...(values.strict ? { strict: true } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(shard ? { shard } : {}),
      rateLimit,
    });
  } finally {
    progress.finish();
    await close();
  }
  writeReports(outDir, run.results, values["history-link"] !== undefined ? { history: values["history-link"] } : {});
  io.out(paintSummary(renderSummary(run.results), verdictOf(run.results).state, paletteFor(io.stdout)));
  for (const e of run.moduleErrors) io.err(`suite error: ${e}`);
  // The summary says it too; on stderr it is the line a pipeline's log shows beside the exit code 2.
  if (run.results.throttle?.rateLimited) io.err(`chat-conformance: ${run.results.throttle.rateLimited.line}`);
  io.out(
    `reports: ${join(outDir, "results.json")}, ${join(outDir, "index.html")}, ${join(outDir, "junit.xml")}, ${allureResultsDir}/, badge.json and badge.svg`,
  );
  return run.exitCode;
}
