import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { catalog } from "../catalog/catalog.ts";
import { collectTests } from "../expect/collect.ts";
import { testsEventCoverage } from "../expect/state/coverage.ts";
import { buildResults } from "../results/build.ts";
import { ResultsSchema, type EventCoverageRow, type Results, type ShardRecord } from "../results/schema.ts";
import { SweepResultsSchema, type SweepLevel, type SweepProblem, type SweepResults } from "../results/sweep-schema.ts";
import { inAreaOrder, uniqueSorted } from "../results/sweep-build.ts";
import { sortedFileMs } from "../results/file-ms.ts";
import { emptyCounts, orderAreas } from "../results/tally.ts";
import type { TestMeta } from "../results/test-records.ts";
import { mergeThrottle } from "../results/throttle.ts";
import type { TargetInfo } from "../target/target.ts";
import { RUN_LEFTOVERS } from "./conformance.ts";
import { runScope } from "./scope.ts";

/**
 * `chat-conformance merge`: the folders that the shards of one run (`run --shard K/N`) or one sweep
 * (`sweep --shard K/N`) wrote, put together into what the run unsharded writes. Each shard ran a disjoint part of
 * the suite files, so the tests' outcomes are the union of the shards', and everything results.json derives from
 * them (summary, verified level, coverage, what was not run, the state invariant's coverage) is derived again from
 * that union as one run derives it. What a union cannot give is each run's own: its dates and durations, and the
 * requests of its processes (see mergeThrottle).
 */

/** A reason the folders cannot be merged: the CLI says it and exits 2. */
export class MergeError extends Error {}

type RunShard = { dir: string; raw: Results; shard: ShardRecord };
type SweepShard = { dir: string; raw: SweepResults; shard: NonNullable<SweepResults["shard"]> };
export type ShardDirs = { kind: "run"; shards: RunShard[] } | { kind: "sweep"; shards: SweepShard[] };

/** A document as it was written (its keys in their order), once the schema has found it well-formed. */
function readChecked<T>(file: string, check: (doc: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): T {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new MergeError(`${file}: cannot read it as JSON (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const r = check(doc);
  if (!r.success) {
    const issue = r.error?.issues[0];
    throw new MergeError(`${file}: not a chat-conformance report (${issue ? `${issue.path.join(".") || "(top)"}: ${issue.message}` : "invalid"})`);
  }
  return doc as T;
}

/** Each folder's results.json (a run's shard) or sweep.json (a sweep's), all of one kind, each a shard. */
export function readShardDirs(dirs: readonly string[]): ShardDirs {
  if (dirs.length === 0) throw new MergeError("merge needs the folders the shards wrote (each shard's --out)");
  const runs: RunShard[] = [];
  const sweeps: SweepShard[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new MergeError(`${dir}: not a folder (give each shard's --out folder)`);
    const run = join(dir, "results.json");
    const sweep = join(dir, "sweep.json");
    if (existsSync(run)) {
      const raw = readChecked<Results>(run, (d) => ResultsSchema.safeParse(d));
      if (!raw.shard) throw new MergeError(`${run}: not a shard's results (the run had no --shard K/N); there is nothing to merge it with`);
      runs.push({ dir, raw, shard: raw.shard });
    } else if (existsSync(sweep)) {
      const raw = readChecked<SweepResults>(sweep, (d) => SweepResultsSchema.safeParse(d));
      if (!raw.shard) throw new MergeError(`${sweep}: not a shard's sweep (the sweep had no --shard K/N); there is nothing to merge it with`);
      sweeps.push({ dir, raw, shard: raw.shard });
    } else {
      throw new MergeError(`${dir}: no results.json or sweep.json there (give the folders that run --shard or sweep --shard wrote)`);
    }
  }
  if (runs.length && sweeps.length)
    throw new MergeError(
      `a run's shards (${runs.map((r) => r.dir).join(", ")}) and a sweep's (${sweeps.map((s) => s.dir).join(", ")}) cannot be merged together`,
    );
  return runs.length ? { kind: "run", shards: runs } : { kind: "sweep", shards: sweeps };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * That the shards are the parts of one split: one count, each index once and none missing, the same filter and
 * whatever `identity` says makes them one run, and files that do not overlap.
 */
function checkParts(shards: ReadonlyArray<{ dir: string; shard: Omit<ShardRecord, "moduleErrors"> }>, identity: (i: number) => Record<string, unknown>): void {
  const first = shards[0]!;
  const base = identity(0);
  shards.forEach((s, i) => {
    if (s.shard.count !== first.shard.count)
      throw new MergeError(
        `${s.dir} is shard ${s.shard.index}/${s.shard.count}, ${first.dir} shard ${first.shard.index}/${first.shard.count}: shards of different splits`,
      );
    if (!same(s.shard.filter, first.shard.filter))
      throw new MergeError(
        `${s.dir} split --filter ${s.shard.filter?.join(" ") ?? "(none)"}, ${first.dir} --filter ${first.shard.filter?.join(" ") ?? "(none)"}: shards of different runs`,
      );
    const mine = identity(i);
    for (const [k, v] of Object.entries(base))
      if (!same(mine[k], v)) throw new MergeError(`${s.dir} has ${k} ${JSON.stringify(mine[k])}, ${first.dir} ${JSON.stringify(v)}: shards of different runs`);
  });
  const count = first.shard.count;
  const seen = new Map<number, string>();
  for (const s of shards) {
    const other = seen.get(s.shard.index);
    if (other !== undefined) throw new MergeError(`shard ${s.shard.index}/${count} given twice (${other} and ${s.dir})`);
    seen.set(s.shard.index, s.dir);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((k) => !seen.has(k));
  if (missing.length)
    throw new MergeError(
      `shard${missing.length === 1 ? "" : "s"} ${missing.map((k) => `${k}/${count}`).join(", ")} missing (given: ${[...seen.keys()]
        .sort((a, b) => a - b)
        .map((k) => `${k}/${count}`)
        .join(", ")})`,
    );
  const owner = new Map<string, string>();
  for (const s of shards)
    for (const f of s.shard.files) {
      const other = owner.get(f);
      if (other !== undefined)
        throw new MergeError(`${f} ran in ${other} and in ${s.dir}: the shards were split from different durations (give each the same --durations, or none)`);
      owner.set(f, s.dir);
    }
}

/** The earliest start, and the time from it to the last shard's end. */
function span(shards: ReadonlyArray<{ startedAt: string; ms: number }>): { startedAt: Date; ms: number } {
  const start = Math.min(...shards.map((s) => Date.parse(s.startedAt)));
  const end = Math.max(...shards.map((s) => Date.parse(s.startedAt) + s.ms));
  return { startedAt: new Date(start), ms: end - start };
}

export interface MergedRun {
  results: Results;
  moduleErrors: string[];
  /** As `run`'s (ConformanceRun.exitCode). */
  exitCode: 0 | 1 | 2;
}

/**
 * A run's shards as the run unsharded: its results.json, rebuilt from the union of the shards' tests. Only the
 * dates, durations, the server's address where each shard started its own, and the throttle's counts may differ
 * from what an unsharded run writes (see the README's section on shards).
 */
export async function mergeRuns(shards: readonly RunShard[]): Promise<MergedRun> {
  const { raw: first, shard: firstShard } = shards[0]!;
  // An embedded server or a container is started by each shard on a port of its own: the address is not the
  // target's identity there, its kind and level are.
  checkParts(shards, (i) => {
    const r = shards[i]!.raw;
    return {
      "tool version": r.tool.version,
      "target kind": r.target.kind,
      "feature level": r.target.featureLevel,
      product: r.target.product,
      faults: r.target.faults,
      strict: r.strict,
      ...(r.target.kind === "url" ? { "target URL": r.target.url } : {}),
    };
  });
  const ordered = [...shards].sort((a, b) => a.shard.index - b.shard.index);
  const tests = ordered.flatMap((s) => s.raw.tests);
  const notes = [...new Set(ordered.flatMap((s) => s.raw.target.notes))];
  const fl = first.target.featureLevel;
  const filter = firstShard.filter ?? undefined;
  // The results.json of a shard carries what of the target the run's build reads; the personas only feed the
  // throttle summary, which is merged from the shards' own below.
  const target: TargetInfo = {
    kind: first.target.kind,
    url: first.target.url,
    featureLevel: fl,
    product: first.target.product,
    personas: {},
    runId: "merge",
    notes,
  };
  const scope = runScope(catalog(), await collectTests(), tests as TestMeta[], fl, filter);
  const when = span(ordered.map((s) => ({ startedAt: s.raw.startedAt, ms: s.raw.durationMs })));
  const results = buildResults({
    target,
    faults: [...first.target.faults],
    startedAt: when.startedAt,
    durationMs: when.ms,
    tests: tests as TestMeta[],
    eventCoverage: testsEventCoverage(catalog(), tests, fl),
    coverage: scope.coverage,
    notRun: scope.notRun,
    toolVersion: first.tool.version,
    ...(first.strict ? { strict: true } : {}),
  });
  const throttles = ordered.flatMap((s) => (s.raw.throttle ? [s.raw.throttle] : []));
  if (throttles.length) results.throttle = mergeThrottle(throttles);
  const runLeft = ordered.flatMap((s) => (s.raw.leftovers ?? []).filter((l) => l.test === RUN_LEFTOVERS));
  if (runLeft.length) results.leftovers = [...(results.leftovers ?? []), ...runLeft];
  const times = ordered.flatMap((s) => (s.raw.fileMs ? [s.raw.fileMs] : []));
  if (times.length) results.fileMs = sortedFileMs(times);
  const moduleErrors = ordered.flatMap((s) => s.shard.moduleErrors);
  const exitCode = results.throttle?.rateLimited ? 2 : results.summary.mustProblems > 0 || moduleErrors.length > 0 ? 1 : 0;
  return { results, moduleErrors, exitCode };
}

/** Each event's row over the shards: exercised by any, verified at the levels of all. */
function mergeEventCoverage(lists: ReadonlyArray<readonly EventCoverageRow[]>): EventCoverageRow[] {
  const rows = new Map<string, EventCoverageRow>();
  for (const list of lists)
    for (const row of list) {
      const known = rows.get(row.event);
      if (!known) rows.set(row.event, { ...row, verifiedAt: [...row.verifiedAt] });
      else {
        known.exercised ||= row.exercised;
        known.verifiedAt = [...new Set([...known.verifiedAt, ...row.verifiedAt])].sort((a, b) => a - b);
      }
    }
  return [...rows.values()].sort((a, b) => a.event.localeCompare(b.event));
}

/**
 * A sweep's shards as the sweep unsharded: every shard swept every level with its own files, so each level's
 * counts are the shards' sums and each problem test is one shard's. Only startedAt and wallMs may differ.
 */
export function mergeSweeps(shards: readonly SweepShard[]): SweepResults {
  checkParts(shards, (i) => {
    const r = shards[i]!.raw;
    return { "tool version": r.tool.version, from: r.from, to: r.to, faults: r.faults, levels: r.levels.map((l) => l.level) };
  });
  const ordered = [...shards].sort((a, b) => a.shard.index - b.shard.index);
  const first = ordered[0]!.raw;
  const areas = orderAreas(ordered.flatMap((s) => s.raw.areas));
  const counts = emptyCounts();
  for (const s of ordered) for (const [k, n] of Object.entries(s.raw.counts)) counts[k as keyof typeof counts] += n;
  const levels: SweepLevel[] = first.levels.map((l0) => {
    const level: SweepLevel = { level: l0.level, release: l0.release, counts: emptyCounts(), problems: 0, areas: {} };
    for (const s of ordered) {
      const l = s.raw.levels.find((x) => x.level === l0.level)!;
      for (const [k, n] of Object.entries(l.counts)) level.counts[k as keyof typeof level.counts] += n;
      level.problems += l.problems;
      for (const [area, cell] of Object.entries(l.areas)) {
        const mine = (level.areas[area] ??= { counts: emptyCounts(), problems: 0 });
        for (const [k, n] of Object.entries(cell.counts)) mine.counts[k as keyof typeof mine.counts] += n;
        mine.problems += cell.problems;
      }
    }
    return { ...level, areas: inAreaOrder(level.areas, areas) };
  });
  const problems = new Map<string, SweepProblem>();
  for (const s of ordered)
    for (const p of s.raw.problems) {
      const known = problems.get(p.id);
      if (known) known.levels = [...new Set([...known.levels, ...p.levels])].sort((a, b) => a - b);
      else problems.set(p.id, { ...p, levels: [...p.levels] });
    }
  const when = span(ordered.map((s) => ({ startedAt: s.raw.startedAt, ms: s.raw.wallMs })));
  const eventLists = ordered.flatMap((s) => (s.raw.eventCoverage ? [s.raw.eventCoverage] : []));
  const times = ordered.flatMap((s) => (s.raw.fileMs ? [s.raw.fileMs] : []));
  return {
    schemaVersion: first.schemaVersion,
    tool: first.tool,
    startedAt: when.startedAt.toISOString(),
    wallMs: when.ms,
    workers: first.workers,
    from: first.from,
    to: first.to,
    filter: ordered[0]!.shard.filter,
    faults: [...first.faults],
    counts,
    problems: [...problems.values()].sort((a, b) => a.levels[0]! - b.levels[0]! || a.id.localeCompare(b.id)),
    greenLevels: levels.filter((l) => l.problems === 0).length,
    redLevels: levels.filter((l) => l.problems > 0).map((l) => l.level),
    areas,
    levels,
    moduleErrors: uniqueSorted(ordered.flatMap((s) => s.raw.moduleErrors)),
    ...(eventLists.length ? { eventCoverage: mergeEventCoverage(eventLists) } : {}),
    ...(times.length ? { fileMs: sortedFileMs(times) } : {}),
  };
}
