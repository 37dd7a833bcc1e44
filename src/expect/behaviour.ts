import { configureRateLimit, throttle } from "../client/rate-limit.ts";
import type { TestContext } from "./context.ts";
import type { BehaviourOptions, Descriptor } from "./descriptor.ts";
import { registry } from "./registry.ts";
import { runBehaviour } from "./runner.ts";
import { toTestMeta } from "./meta.ts";
import { boundariesOf } from "./boundaries.ts";
import { applyExpectations, type ExpectedFailures } from "../results/expectations.ts";
import type { TargetInfo } from "../target/target.ts";
import type { Sweep } from "./sweep.ts";
import { closeOrganizationOf, organizationOf } from "./isolation.ts";
import type { SuiteInfo } from "./suite-info.ts";
import { idPart } from "./id-part.ts";
import { CODE_ROOT, suiteSourceName } from "../layout.ts";
import { relative, sep } from "node:path";
import type { TestContext as VitestContext } from "vitest";

declare module "vitest" {
  interface ProvidedContext {
    /** The run's expectations file, so a known deviation settles inside the worker (vitest, JUnit and Allure agree). */
    expectations?: ExpectedFailures;
    /** Set when the allure-vitest reporter is on: each test describes itself in conformance terms. */
    allure?: boolean;
    /** Set when each isolated file (defineSuite's `isolated`) runs against an organization of its own (src/run/suites.ts). */
    ownOrganizations?: boolean;
  }
}

/** The isolated files whose organization's closing is registered (once per file, with the file's first test). */
const ownOrganizationFiles = new Set<string>();

/** Loaded only inside a vitest worker: outside one (collect mode, the CLI) the suites are data. */
const vitest = process.env.VITEST ? await import("vitest") : undefined;

/** The levels a test runs at in the level sweep: the sweep's levels, and both sides of its own boundaries. */
function sweepLevels(d: Descriptor, sweep: Sweep): number[] {
  const levels = new Set(sweep.levels);
  if (sweep.boundaries) for (const l of boundariesOf(d)) levels.add(l);
  return [...levels].sort((a, b) => a - b);
}

/** Runs the test against the target and turns its outcome into vitest's: pass, skip with the reason, or an error. */
async function settle(d: Descriptor, target: TargetInfo, ctx: VitestContext): Promise<void> {
  // A test of a project of its own is known by the file vitest runs it from (relative to the harness, as suites are).
  if (d.file === "") d.file = suiteSourceName(relative(CODE_ROOT, ctx.task.file.filepath).split(sep).join("/"));
  // The run's way with rate limits reaches each worker with its target.
  if (target.rateLimit) configureRateLimit(target.rateLimit);
  const outcome = await runBehaviour(d, target);
  const [meta] = applyExpectations([toTestMeta(d, outcome)], vitest!.inject("expectations"));
  const throttled = throttle.take();
  if (throttled) meta!.throttle = throttled;
  if (vitest!.inject("sweep")) meta!.atLevel = target.featureLevel;
  ctx.task.meta.conformance = meta!;
  if (vitest!.inject("allure")) await (await import("../report/allure.ts")).describeForAllure(meta!, target);
  if (meta!.status === "pass") return;
  // n/a, skipped and known deviations carry their reason (the level, --read-only, the expectations entry) into
  // vitest's skip note.
  if (meta!.status === "n/a" || meta!.status === "skipped" || meta!.status === "expected-fail") ctx.skip(`${meta!.status}: ${meta!.message ?? ""}`);
  // A test this target cannot run is skipped with what would make it runnable; but the level sweep of `npm test`
  // runs against embedded reference servers, which can do everything a test needs, so there it is an error.
  if (meta!.status === "unverifiable" && !vitest!.inject("sweep")) ctx.skip(`unverifiable: ${meta!.message ?? ""}; to verify it: ${meta!.remedy ?? ""}`);
  const err = new Error(`${meta!.status.toUpperCase()}: ${meta!.message ?? ""}${meta!.remedy !== undefined ? `; to verify it: ${meta!.remedy}` : ""}`);
  // A target that does not conform is an assertion failure (Allure: failed); blocked and harness errors keep
  // the plain name (Allure: broken), since they say the test could not judge.
  if (meta!.status === "fail" || meta!.status === "unexpected-pass") err.name = "AssertionError";
  err.stack = err.message;
  throw err;
}

/**
 * Declares a test of one or more catalog clauses in a suite (a suite file's defineSuite gives its tests this as
 * `behaviour`). The first clause is primary: its level gates where the test runs (see Gate) and its words head
 * every failure.
 */
export function declareBehaviour(
  suite: SuiteInfo,
  clauses: string | string[],
  title: string,
  options: BehaviourOptions,
  run: (t: TestContext) => Promise<void>,
): Descriptor {
  const ids = typeof clauses === "string" ? [clauses] : clauses;
  if (suite.file !== "" && options.id === undefined) throw new Error(`behaviour '${title}' in ${suite.file}: a suite's test states its id`);
  if (options.needs !== undefined && options.alsoNeeds !== undefined)
    throw new Error(`behaviour ${options.id}: needs replaces the suite's, alsoNeeds adds to them: not both`);
  const d: Descriptor = {
    id: options.id ?? `${ids[0]}#${idPart(title)}`,
    title,
    file: suite.file,
    clauses: ids,
    gate: options.gate ?? "since",
    gateLevels: [],
    needs: options.needs ?? [...suite.needs, ...(options.alsoNeeds ?? [])],
    mutates: options.mutates ?? true,
    run,
  };
  if (options.invariant !== undefined) d.invariant = options.invariant;
  if (options.from !== undefined) {
    if (!ids.includes(options.from)) throw new Error(`behaviour ${d.id}: from '${options.from}' must be one of its clauses`);
    d.from = options.from;
  }
  registry.descriptors.push(d);
  if (vitest && !registry.collecting) {
    const sweep = vitest.inject("sweep");
    const name = `${title} [${ids.join(", ")}]`;
    // A test's levels run side by side, each against the server of its level, which then runs nothing else: the
    // worker's files, and the tests of a file, still come one at a time. A test that waits (a delivery coming
    // due, a limit running out) waits once for all its levels.
    if (sweep) {
      vitest.describe(d.id, () => {
        for (const level of sweepLevels(d, sweep)) {
          vitest.test.concurrent(`FL${level}: ${name}`, async (ctx) =>
            settle(d, await (await import("../target/sweep-targets.ts")).targetAt(level, sweep.faults ?? []), ctx),
          );
        }
      });
    }
    if (!sweep) {
      const own = vitest.inject("ownOrganizations") === true && suite.isolated;
      if (own && !ownOrganizationFiles.has(d.file)) {
        ownOrganizationFiles.add(d.file);
        vitest.afterAll(() => closeOrganizationOf(d.file));
      }
      const test = suite.waiting ? vitest.test.concurrent : vitest.test;
      test(name, async (ctx) => settle(d, own ? await organizationOf(d.file, vitest.inject("target")) : vitest.inject("target"), ctx));
    }
  }
  return d;
}

/**
 * A test file of a project of its own, one that declares no suite: its tests need what each says, run one after
 * another in an organization they share, and are known by the file vitest runs them from (see settle).
 */
const OWN_PROJECT: SuiteInfo = { file: "", needs: [], isolated: false, waiting: false };

/**
 * Declares a test outside this package's suites, in a vitest project of one's own (README, "Your own tests"):
 *
 *   behaviour("fl174.messages.direct-type", "type=direct sends a direct message", { needs: ["member"] }, async (t) => { … });
 */
export function behaviour(clauses: string | string[], title: string, options: BehaviourOptions, run: (t: TestContext) => Promise<void>): Descriptor;
export function behaviour(clauses: string | string[], title: string, run: (t: TestContext) => Promise<void>): Descriptor;
export function behaviour(
  clauses: string | string[],
  title: string,
  optionsOrRun: BehaviourOptions | ((t: TestContext) => Promise<void>),
  maybeRun?: (t: TestContext) => Promise<void>,
): Descriptor {
  const options = typeof optionsOrRun === "function" ? {} : optionsOrRun;
  const run = typeof optionsOrRun === "function" ? optionsOrRun : maybeRun!;
  return declareBehaviour(OWN_PROJECT, clauses, title, options, run);
}
