import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import type { CliOptions, Reporter, TestSpecification } from "vitest/node";
// Declares vite's `test` key (vitest's own options) that the overrides below carry.
import type {} from "vitest/config";
import type { TestMeta } from "../results/test-records.ts";
import { isolatedSuites } from "../expect/isolation.ts";
import { waitingSuites } from "../expect/waiting.ts";
import { startSibling } from "../target/sibling.ts";
import { holdCacheLock } from "./cache-lock.ts";
import { filterHere } from "./filter.ts";
import { ConformanceCollector } from "./collector.ts";
import type { ExpectedFailures } from "../results/expectations.ts";
import type { PersonaRole } from "../target/personas.ts";
import type { TargetInfo } from "../target/target.ts";
import { CODE_EXT, CODE_ROOT, suitePathHere, VERSION } from "../layout.ts";

export interface SuiteRunOptions {
  /** Suite files (or parts of their paths) to run; default all. */
  filter?: readonly string[];
  expectations?: ExpectedFailures;
  /** Where allure-vitest writes its results; omitted, no Allure output. */
  allureResultsDir?: string;
  /** Faults of an embedded reference server, stated in Allure's environment. */
  faults?: readonly string[];
  /** Further vitest reporters (the CLI's progress line). */
  reporters?: Reporter[];
  /** The seed every property test starts from, to replay a failure it printed. */
  seed?: number;
}

export interface SuiteRun {
  tests: TestMeta[];
  /** Suite files that failed to load: the run cannot vouch for their tests. */
  moduleErrors: string[];
  /** Each suite file's time (ConformanceCollector.fileMs). */
  fileMs: Record<string, number>;
}

/**
 * How many worker processes run the shared suites at once: their tests spend most of their time waiting for the
 * target, so even a two-core machine keeps two of them busy (vitest's default there would be one).
 */
const SHARED_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * vitest's file cache of transformed modules (experimental.fsModuleCache), which spares each run transforming the
 * suites and the harness again (a second or two of a full run). It lives in a folder of this user's alone in the
 * temporary folder, as the package may be read-only: a folder another user made or may write to could feed the
 * workers code, so then, or where no such folder can be made, runs go without the cache. One process at a time uses
 * it (holdCacheLock); runs beside it go without.
 */
function moduleCache(): { experimental?: { fsModuleCache: true; fsModuleCachePath: string } } {
  const uid = process.getuid?.();
  if (uid === undefined) return {};
  const dir = join(tmpdir(), `chat-conformance-modules-${uid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = statSync(dir);
    if (st.uid !== uid || (st.mode & 0o022) !== 0) return {};
    accessSync(dir, constants.W_OK);
  } catch {
    return {};
  }
  if (!holdCacheLock(dir)) return {};
  return { experimental: { fsModuleCache: true, fsModuleCachePath: dir } };
}

/** What every vitest run of the suites shares (`run`'s, and each group of `sweep`'s). */
export function suiteRunOptions(reporters: Reporter[]): CliOptions {
  return {
    root: CODE_ROOT,
    config: false,
    watch: false,
    reporters,
    passWithNoTests: true,
    // The suites' root is the installed package, which may be read-only (a global install run by another user):
    // vitest keeps no results cache there, and Vite's cache goes to the temporary folder.
    cache: false,
    ...moduleCache(),
  };
}

/** Vite's options for those runs: its cache in the temporary folder (see suiteRunOptions). */
export const SUITE_VITE = { cacheDir: join(tmpdir(), "chat-conformance-vite") };

/**
 * Starts loading vitest's node API, which takes a second or more, so that it loads while the target starts;
 * `runSuites` then finds it loaded (or fails on it, should it not load). Called once the options are known to be
 * good: a command refused for bad input would wait for it before exiting.
 */
export function preloadVitest(): void {
  import("vitest/node").catch(() => undefined);
}

/**
 * Whether the files that change organization settings (isolated suites) can each have an organization of their own:
 * the target has a reference control, and an organization it starts is within the harness's reach (one is started
 * and closed to find out). A --read-only run changes no settings, so it needs none.
 */
async function ownOrganizationsPossible(target: TargetInfo): Promise<boolean> {
  if (target.serverConfig?.referenceControl === undefined || target.readOnly) return false;
  try {
    const sibling = await startSibling(target);
    await sibling.close();
    // A sibling starts from the target's seed: one seeded with fewer personas than the target's file names would
    // leave those files' tests not verifiable, where the target itself runs them, one file at a time.
    return (Object.keys(target.personas) as PersonaRole[]).every((r) => sibling.target.personas[r] !== undefined);
  } catch {
    return false;
  }
}

/** The time a test may spend held back by rate limits (--max-wait), beyond its own timeout; none with --rate-limit off. */
const throttleAllowanceMs = (target: TargetInfo): number => (target.rateLimit && target.rateLimit.mode !== "off" ? target.rateLimit.maxWaitSeconds * 1000 : 0);

/**
 * The conformance suites against one target, through one vitest run. The files that change organization settings
 * run each against an organization of its own beside the others where the target is a reference server; against
 * other targets they run in a second group (vitest's sequence.groupOrder) one file at a time, after the shared
 * suites, so that no test sees another's settings. One run transforms each file once and starts vitest once, and a
 * filtered run starts workers only for the files it has.
 */
export async function runSuites(target: TargetInfo, o: SuiteRunOptions = {}): Promise<SuiteRun> {
  // vitest's runner and Allure load only when suites run: `import "chat-conformance"` to start a server stays light.
  const [{ BaseSequencer, startVitest }, ownOrganizations] = await Promise.all([import("vitest/node"), ownOrganizationsPossible(target)]);
  const waiting = (await waitingSuites()).map(suitePathHere);
  class WaitingFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const waits = (s: TestSpecification) => waiting.includes(relative(CODE_ROOT, s.moduleId).split(sep).join("/"));
      return [...sorted.filter(waits), ...sorted.filter((s) => !waits(s))];
    }
  }
  const collector = new ConformanceCollector();
  const reporters: Reporter[] = [collector, ...(o.reporters ?? [])];
  if (o.allureResultsDir !== undefined) {
    const { AllureReporter } = await import("../report/allure-reporter.ts");
    reporters.push(
      new AllureReporter(o.allureResultsDir, {
        categories: (await import("../report/allure.ts")).ALLURE_CATEGORIES,
        environmentInfo: {
          target: target.url,
          kind: target.kind,
          "feature level": String(target.featureLevel),
          "chat-conformance": VERSION,
          ...(o.faults?.length ? { faults: o.faults.join(" ") } : {}),
        },
      }),
    );
  }
  const isolated = (await isolatedSuites()).map(suitePathHere);
  // Where a worker that shows the target's events feed dead tells the others (src/expect/events-feed.ts).
  const eventsFeed = mkdtempSync(join(tmpdir(), "chat-conformance-feed-"));
  const group = {
    root: CODE_ROOT,
    isolate: false,
    provide: {
      target,
      eventsFeed,
      allure: o.allureResultsDir !== undefined,
      ownOrganizations,
      ...(o.expectations ? { expectations: o.expectations } : {}),
      ...(o.seed !== undefined ? { propertySeed: o.seed } : {}),
    },
    // A test held back by the target's rate limit may wait up to --max-wait before the run stops as rate-limited
    // (exit 2): its timeout leaves it that long, so that the verdict is "rate-limited", never a timed-out error.
    testTimeout: 180_000 + throttleAllowanceMs(target),
    hookTimeout: 60_000 + throttleAllowanceMs(target),
  };
  const vitest = await startVitest("test", (o.filter ?? []).map(filterHere), suiteRunOptions(reporters), {
    ...SUITE_VITE,
    test: {
      // Here rather than with the options above, which vitest applies over each project's own (groupOrder).
      sequence: { sequencer: WaitingFirst },
      projects: ownOrganizations
        ? [{ test: { ...group, name: "shared", include: [`suites/**/*.test.${CODE_EXT}`], maxWorkers: SHARED_WORKERS } }]
        : [
            {
              test: {
                ...group,
                name: "shared",
                include: [`suites/**/*.test.${CODE_EXT}`],
                exclude: isolated,
                maxWorkers: SHARED_WORKERS,
                sequence: { groupOrder: 0 },
              },
            },
            { test: { ...group, name: "isolated", include: isolated, maxWorkers: 1, sequence: { groupOrder: 1 } } },
          ],
    },
  });
  await vitest.close();
  rmSync(eventsFeed, { recursive: true, force: true });
  return { tests: collector.tests, moduleErrors: collector.moduleErrors, fileMs: collector.fileMs };
}
