import { availableParallelism } from "node:os";
import type { Reporter } from "vitest/node";
import { sortedFileMs } from "../results/file-ms.ts";
import type { TestMeta } from "../results/test-records.ts";
import type { Sweep } from "../expect/sweep.ts";
import { CODE_EXT } from "../layout.ts";
import { ConformanceCollector } from "./collector.ts";
import type { SweepRun } from "../results/sweep-build.ts";
import { filterHere } from "./filter.ts";
import type { ShardPart } from "./shard.ts";
import { SUITE_VITE, suiteRunOptions } from "./suites.ts";

export interface SweepOptions {
  from: number;
  to: number;
  /** Worker processes running suite files at once (default: one per core). */
  workers?: number;
  /** Only the suite files whose path contains one of these. */
  filter?: readonly string[];
  /** Clauses every server of the sweep breaks on purpose. */
  faults?: readonly string[];
  /** This machine's part of a sharded sweep (src/run/shard.ts): only its files run, at every level. */
  shard?: ShardPart;
  /** Told after each group of levels has run. */
  onChunk?: (chunk: SweepChunk) => void;
}

export interface SweepChunk {
  levels: number[];
  tests: TestMeta[];
  wallMs: number;
}

/**
 * Levels per vitest run. A worker keeps one reference server per level of its run (src/target/sweep-targets.ts), so
 * the group bounds the memory a worker holds (tens of MiB per server after the suites), and each group costs one
 * start of vitest (a second or two). A test runs at all the levels of its group side by side.
 */
const LEVELS_PER_RUN = 16;

/** The levels from `from` to `to`, in groups of about LEVELS_PER_RUN that are as even as can be. */
export function sweepChunks(from: number, to: number): number[][] {
  const levels = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const groups = Math.max(1, Math.ceil(levels.length / LEVELS_PER_RUN));
  const size = Math.ceil(levels.length / groups);
  const out: number[][] = [];
  for (let i = 0; i < levels.length; i += size) out.push(levels.slice(i, i + size));
  return out;
}

/**
 * The suites at every level from `from` to `to`, each level against a reference server of its own: npm test's level
 * sweep (src/expect/sweep.ts) over the whole range, in groups of levels, with `workers` processes running suite
 * files at once. Within a worker, files and tests run one at a time and only the levels of one test run side by
 * side, each on its own server: no test ever shares a server with another running at the same moment, so the suites
 * that change organization settings need no pass of their own here.
 */
export async function runSweep(o: SweepOptions): Promise<SweepRun> {
  const { startVitest } = await import("vitest/node");
  const workers = o.workers ?? Math.max(1, availableParallelism());
  const started = Date.now();
  const tests: TestMeta[] = [];
  const moduleErrors: string[] = [];
  const fileMs: Array<Record<string, number>> = [];
  const chunks = sweepChunks(o.from, o.to);
  for (const levels of chunks) {
    const chunkStarted = Date.now();
    const collector = new ConformanceCollector();
    const sweep: Sweep = { levels, boundaries: false, ...(o.faults?.length ? { faults: [...o.faults] } : {}) };
    const reporters: Reporter[] = [collector];
    const vitest = await startVitest(
      "test",
      (o.shard ? o.shard.files : (o.filter ?? [])).map(filterHere),
      {
        ...suiteRunOptions(reporters),
        include: [`suites/**/*.test.${CODE_EXT}`],
        isolate: false,
        maxWorkers: workers,
        provide: { sweep, allure: false },
        testTimeout: 180_000,
        hookTimeout: 60_000,
      },
      SUITE_VITE,
    );
    await vitest.close();
    tests.push(...collector.tests);
    moduleErrors.push(...collector.moduleErrors);
    fileMs.push(collector.fileMs);
    o.onChunk?.({ levels, tests: collector.tests, wallMs: Date.now() - chunkStarted });
  }
  return { levels: chunks.flat(), tests, moduleErrors, wallMs: Date.now() - started, workers, fileMs: sortedFileMs(fileMs) };
}
