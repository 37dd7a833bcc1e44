import { catalog } from "../catalog/catalog.ts";
import type { TestMeta } from "./test-records.ts";
import { emptyCounts, isProblem, orderAreas, releaseOfLevel } from "./tally.ts";
import type { EventCoverageRow, ResultStatus } from "./schema.ts";
import { SWEEP_SCHEMA_VERSION, type SweepCell, type SweepLevel, type SweepProblem, type SweepResults } from "./sweep-schema.ts";

/**
 * A problem in a sweep: what a run counts as one, and also a test not verifiable there. Every server of a sweep is
 * a reference server, which can do whatever a test needs, so a test it could not verify is the harness's or the
 * server's fault.
 */
export const isSweepProblem = (s: ResultStatus): boolean => isProblem(s) || s === "unverifiable";

const areaOf = (m: TestMeta): string => catalog().clause(m.clauses[0]!)?.area ?? "unknown";

/** What a level sweep ran (src/run/sweep.ts runSweep). */
export interface SweepRun {
  levels: number[];
  /** Every run of every test, each with the level it ran at (TestMeta.atLevel). */
  tests: TestMeta[];
  moduleErrors: string[];
  wallMs: number;
  workers: number;
  /** Each suite file's time over the sweep (ConformanceCollector.fileMs summed over the groups of levels by sortedFileMs). */
  fileMs?: Record<string, number>;
}

export interface SweepInput {
  run: SweepRun;
  startedAt: Date;
  tool: { name: string; version: string };
  from: number;
  to: number;
  filter?: readonly string[];
  faults?: readonly string[];
  /** The state invariant's coverage over the sweep's test runs (src/expect/state/coverage.ts testsEventCoverage). */
  eventCoverage: EventCoverageRow[];
  /** A shard's part (sweep --shard K/N), recorded for chat-conformance merge. */
  shard?: NonNullable<SweepResults["shard"]>;
}

/** A level's cells keyed in the grid's order of areas. */
export const inAreaOrder = (cells: Record<string, SweepCell>, order: readonly string[]): Record<string, SweepCell> =>
  Object.fromEntries(order.filter((a) => cells[a] !== undefined).map((a) => [a, cells[a]!]));

/** A suite file that fails to load fails in every group of levels: it is listed once. */
export const uniqueSorted = (texts: readonly string[]): string[] => [...new Set(texts)].sort();

/** sweep.json from the sweep's test runs: a level × area grid of counts, and each problem test with its levels. */
export function buildSweepResults(i: SweepInput): SweepResults {
  const byLevel = new Map<number, SweepLevel>(
    i.run.levels.map((level) => [level, { level, release: releaseOfLevel(level), counts: emptyCounts(), problems: 0, areas: {} }]),
  );
  const counts = emptyCounts();
  const problems = new Map<string, SweepProblem>();
  const areas = new Set<string>();
  for (const m of i.run.tests) {
    const status: ResultStatus = m.status;
    const area = areaOf(m);
    areas.add(area);
    counts[status]++;
    const row = m.atLevel !== undefined ? byLevel.get(m.atLevel) : undefined;
    const bad = isSweepProblem(status);
    if (row) {
      const cell: SweepCell = (row.areas[area] ??= { counts: emptyCounts(), problems: 0 });
      row.counts[status]++;
      cell.counts[status]++;
      if (bad) {
        row.problems++;
        cell.problems++;
      }
    }
    if (!bad) continue;
    const known = problems.get(m.id);
    if (known) {
      if (m.atLevel !== undefined) known.levels.push(m.atLevel);
      continue;
    }
    const p: SweepProblem = {
      id: m.id,
      title: m.title,
      file: m.file,
      clause: m.failedClause ?? m.clauses[0]!,
      area,
      levels: m.atLevel !== undefined ? [m.atLevel] : [],
      status,
    };
    if (m.message !== undefined) p.message = m.message;
    if (m.curl !== undefined) p.curl = m.curl;
    problems.set(m.id, p);
  }
  const order = orderAreas(areas);
  // Each level's areas in the grid's order, whatever order the tests came in: the same for a sweep run whole or
  // merged from shards (src/run/merge.ts).
  const levels = [...byLevel.values()].sort((a, b) => a.level - b.level).map((l) => ({ ...l, areas: inAreaOrder(l.areas, order) }));
  for (const p of problems.values()) p.levels.sort((a, b) => a - b);
  return {
    schemaVersion: SWEEP_SCHEMA_VERSION,
    tool: i.tool,
    startedAt: i.startedAt.toISOString(),
    wallMs: i.run.wallMs,
    workers: i.run.workers,
    from: i.from,
    to: i.to,
    filter: i.filter?.length ? [...i.filter] : null,
    faults: [...(i.faults ?? [])],
    counts,
    problems: [...problems.values()].sort((a, b) => a.levels[0]! - b.levels[0]! || a.id.localeCompare(b.id)),
    greenLevels: levels.filter((l) => l.problems === 0).length,
    redLevels: levels.filter((l) => l.problems > 0).map((l) => l.level),
    areas: order,
    levels,
    moduleErrors: uniqueSorted(i.run.moduleErrors),
    eventCoverage: i.eventCoverage,
    ...(i.shard ? { shard: i.shard } : {}),
    ...(i.run.fileMs ? { fileMs: i.run.fileMs } : {}),
  };
}
