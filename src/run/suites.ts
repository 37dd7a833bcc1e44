import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Reporter } from "vitest/node";
import type { TestMeta } from "../expect/meta.ts";
import { ISOLATED_SUITES } from "../expect/isolation.ts";
import { ConformanceCollector } from "../report/collector.ts";
import type { Expectations } from "../report/expectations.ts";
import type { TargetInfo } from "../target/target.ts";
import { CODE_EXT, CODE_ROOT, suitePathHere, VERSION } from "../layout.ts";

export interface SuiteRunOptions {
  /** Suite files (or parts of their paths) to run; default all. */
  filter?: readonly string[];
  expectations?: Expectations;
  /** Where allure-vitest writes its results; omitted, no Allure output. */
  allureResultsDir?: string;
  /** Faults of an embedded reference server, stated in Allure's environment. */
  faults?: readonly string[];
  /** Further vitest reporters (the CLI's progress line). */
  reporters?: Reporter[];
}

export interface SuiteRun {
  tests: TestMeta[];
  /** Suite files that failed to load: the run cannot vouch for their tests. */
  moduleErrors: string[];
}

/**
 * The conformance suites against one target, through vitest. Two passes: the shared suites in parallel, then the
 * ones that change organization settings one file at a time, so that no test sees another's settings.
 */
export async function runSuites(target: TargetInfo, o: SuiteRunOptions = {}): Promise<SuiteRun> {
  // vitest's runner and Allure load only when suites run: `import "chat-conformance"` to start a server stays light.
  const { startVitest } = await import("vitest/node");
  const collector = new ConformanceCollector();
  const reporters: Array<Reporter | [string, Record<string, unknown>]> = [collector, ...(o.reporters ?? [])];
  if (o.allureResultsDir !== undefined) {
    reporters.push([
      "allure-vitest/reporter",
      {
        resultsDir: o.allureResultsDir,
        categories: (await import("../report/allure.ts")).ALLURE_CATEGORIES,
        environmentInfo: { target: target.url, kind: target.kind, "feature level": String(target.featureLevel), "chat-conformance": VERSION, ...(o.faults?.length ? { faults: o.faults.join(" ") } : {}) },
      },
    ]);
  }
  const isolated = ISOLATED_SUITES.map(suitePathHere);
  for (const pass of [
    { include: [`suites/**/*.test.${CODE_EXT}`], exclude: isolated, fileParallelism: true },
    { include: isolated, exclude: [], fileParallelism: false },
  ]) {
    const vitest = await startVitest("test", [...(o.filter ?? [])], {
      root: CODE_ROOT,
      config: false,
      ...pass,
      watch: false,
      isolate: false,
      provide: { target, allure: o.allureResultsDir !== undefined, ...(o.expectations ? { expectations: o.expectations } : {}) },
      reporters,
      passWithNoTests: true,
      testTimeout: 180_000,
      hookTimeout: 60_000,
      // The suites' root is the installed package, which may be read-only (a global install run by another user):
      // vitest keeps no results cache there, and Vite's cache goes to the temporary folder.
      cache: false,
    }, { cacheDir: join(tmpdir(), "chat-conformance-vite") });
    await vitest.close();
  }
  return { tests: collector.tests, moduleErrors: collector.moduleErrors };
}
