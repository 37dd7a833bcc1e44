import { readFileSync } from "node:fs";

/**
 * Shards: `run --shard K/N` and `sweep --shard K/N` each run one of N parts of the suite files, parts of about equal
 * time, so that N machines (a CI matrix) share one run and `chat-conformance merge` puts their results together.
 * The unit is the suite file, as it is vitest's: a file's tests share its hooks and run in one worker.
 */

export interface ShardSpec {
  /** 1-based. */
  index: number;
  count: number;
}

/** The most shards a run splits into: more than a CI matrix has machines for. */
export const MAX_SHARDS = 64;

/** --shard K/N, or a sentence saying what is wrong with it. */
export function parseShard(raw: string): ShardSpec | string {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  if (!m) return `--shard must be K/N (this machine's part K of N, e.g. 2/4), got '${raw}'`;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > MAX_SHARDS) return `--shard ${raw}: N must be from 1 to ${MAX_SHARDS}`;
  if (index < 1 || index > count) return `--shard ${raw}: K must be from 1 to N (${count})`;
  return { index, count };
}

/** Each suite file's tests' milliseconds, summed by the level of their primary clause: [level, ms] pairs. */
export type FileDurations = Record<string, Array<[number, number]>>;

/** Each suite file's measured time, in ms (results.json's and sweep.json's fileMs). */
export type FileTimes = Record<string, number>;

export interface DurationSource {
  /** What the figures come from, for the shard's record: the committed table, or a --durations file. */
  from: string;
  /** The tests' times by file and level, from which a file is reckoned over any range of levels. */
  files: FileDurations;
  /**
   * Each file's time as a run measured it (its import and hooks too, which its tests' times leave out): what a
   * run's split goes by where it has them.
   */
  runMs?: FileTimes;
  /** Each file's time as a sweep of from–to measured it: what a sweep's split goes by where it has them. */
  sweepMs?: { from: number; to: number; files: FileTimes };
}

interface DurationsDoc {
  source: string;
  files: FileDurations;
  run?: FileTimes;
  sweep?: { from: number; to: number; files: FileTimes };
}

/**
 * The committed table (src/run/data/durations.json), which scripts/derive-durations.mjs writes from a real,
 * unfiltered run's results.json and a full sweep's sweep.json.
 */
export function committedDurations(): DurationSource {
  const doc = JSON.parse(readFileSync(new URL("./data/durations.json", import.meta.url), "utf8")) as DurationsDoc;
  return {
    from: `the committed table (${doc.source})`,
    files: doc.files,
    ...(doc.run ? { runMs: doc.run } : {}),
    ...(doc.sweep ? { sweepMs: doc.sweep } : {}),
  };
}

/** A document's fileMs when it is a map of suite files to milliseconds. */
function fileTimesOf(doc: unknown): FileTimes | undefined {
  const m = (doc as { fileMs?: unknown }).fileMs;
  if (typeof m !== "object" || m === null || Array.isArray(m)) return undefined;
  return Object.values(m).every((v) => typeof v === "number" && v >= 0) ? (m as FileTimes) : undefined;
}

/**
 * The durations an earlier document holds: a run's results.json (merged or not; its tests' times by file and level,
 * and the files' measured times) or, for a sweep, a sweep.json (the files' measured times over its range, reckoned
 * to another range by the committed table's tests). Anything else is a sentence saying why it cannot be used.
 */
export function durationsFromResults(path: string, kind: "run" | "sweep" = "run"): DurationSource | string {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    return `--durations ${path}: cannot read it as JSON (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
  }
  const times = fileTimesOf(doc);
  const { from, to } = doc as { from?: unknown; to?: unknown };
  if (typeof from === "number" && typeof to === "number" && Array.isArray((doc as { levels?: unknown }).levels)) {
    if (kind === "run") return `--durations ${path}: a sweep's sweep.json times files over many levels; give a run's results.json to split a run`;
    if (!times) return `--durations ${path}: this sweep.json has no fileMs (it was written by an older version); give a newer sweep.json or a results.json`;
    return { from: `--durations ${path} (a sweep of FL ${from}–${to})`, files: committedDurations().files, sweepMs: { from, to, files: times } };
  }
  const tests = (doc as { tests?: unknown }).tests;
  if (!Array.isArray(tests)) return `--durations ${path}: not a results.json or sweep.json (it has no tests list); give the results.json of an earlier run`;
  const sums = new Map<string, Map<number, number>>();
  for (const t of tests as Array<{ file?: unknown; level?: unknown; durationMs?: unknown }>) {
    if (typeof t.file !== "string" || typeof t.level !== "number" || typeof t.durationMs !== "number")
      return `--durations ${path}: a test without file, level and durationMs; give the results.json of an earlier run`;
    const byLevel = sums.get(t.file) ?? new Map<number, number>();
    sums.set(t.file, byLevel.set(t.level, (byLevel.get(t.level) ?? 0) + t.durationMs));
  }
  const files: FileDurations = {};
  for (const [file, byLevel] of sums) files[file] = [...byLevel].sort((a, b) => a[0] - b[0]);
  return { from: `--durations ${path}`, files, ...(times ? { runMs: times } : {}) };
}

/**
 * What one file is reckoned to take by its tests' times. A run at one level takes its tests' time; a sweep over
 * from..to runs each test at every level of the range at or above its own (below, it is n/a and takes next to
 * nothing).
 */
export function fileWeight(entries: ReadonlyArray<readonly [number, number]>, range?: { from: number; to: number }): number {
  if (!range) return entries.reduce((a, [, ms]) => a + ms, 0);
  return entries.reduce((a, [level, ms]) => a + ms * Math.max(0, range.to - Math.max(range.from, level) + 1), 0);
}

const levelsOf = (r: { from: number; to: number }) => r.to - r.from + 1;

/**
 * Each file's weight for a split: its measured time where the durations have one (a sweep's, scaled from the range
 * it was measured over to this one as its tests' reckoning scales), else its tests' reckoning in the same unit
 * (times the measured files' ratio of measured to reckoned time), else the mean of the files the durations know.
 * A file's tests' times leave out its import and hooks, and a sweep runs a test's levels side by side, so the
 * measured time is the better guide wherever there is one.
 */
export function fileWeights(files: readonly string[], durations: DurationSource, range?: { from: number; to: number }): Map<string, number> {
  const reckon = (f: string) => (durations.files[f] ? fileWeight(durations.files[f], range) : undefined);
  const sweep = durations.sweepMs;
  const measured = (f: string): number | undefined => {
    if (!range) return durations.runMs?.[f];
    const ms = sweep?.files[f];
    if (ms === undefined || !sweep) return undefined;
    if (sweep.from === range.from && sweep.to === range.to) return ms;
    const e = durations.files[f];
    const there = e ? fileWeight(e, sweep) : 0;
    return there > 0 ? (ms * fileWeight(e!, range)) / there : (ms * levelsOf(range)) / levelsOf(sweep);
  };
  const known = [...new Set([...Object.keys(durations.files), ...Object.keys((range ? sweep?.files : durations.runMs) ?? {})])];
  let m = 0;
  let r = 0;
  for (const f of known) {
    const [a, b] = [measured(f), reckon(f)];
    if (a !== undefined && b !== undefined) [m, r] = [m + a, r + b];
  }
  const scale = m > 0 && r > 0 ? m / r : 1;
  const weightOf = (f: string): number | undefined => measured(f) ?? (reckon(f) !== undefined ? reckon(f)! * scale : undefined);
  const all = known.map(weightOf).filter((w): w is number => w !== undefined);
  // The mean file of the durations, not of the selection: a new file counts as a typical one whatever the filter.
  const mean = all.length ? all.reduce((a, b) => a + b, 0) / all.length : 1;
  return new Map(files.map((f) => [f, weightOf(f) ?? mean]));
}

export interface ShardPlan {
  /** Each shard's files, in path order, and the time it is reckoned to take. */
  shards: Array<{ files: string[]; weightMs: number }>;
  /** Files the durations did not know, reckoned at the mean file of the durations. */
  unknown: string[];
}

/**
 * Splits `files` into `count` parts of about equal reckoned time: greedy longest-first bin packing. Files go,
 * heaviest first (ties by path), each to the part with the least time so far (ties to the lowest). The same files
 * and durations give the same parts on every machine, which is what lets the shards of a matrix run disjoint parts
 * that cover everything without talking to each other.
 */
export function planShards(files: readonly string[], count: number, durations: DurationSource, range?: { from: number; to: number }): ShardPlan {
  const weights = fileWeights(files, durations, range);
  const measured = range ? durations.sweepMs?.files : durations.runMs;
  const unknown = files.filter((f) => durations.files[f] === undefined && measured?.[f] === undefined);
  const order = [...files].sort((a, b) => weights.get(b)! - weights.get(a)! || a.localeCompare(b));
  const shards = Array.from({ length: count }, () => ({ files: [] as string[], weightMs: 0 }));
  for (const f of order) {
    let best = 0;
    for (let i = 1; i < count; i++) if (shards[i]!.weightMs < shards[best]!.weightMs) best = i;
    shards[best]!.files.push(f);
    shards[best]!.weightMs += weights.get(f)!;
  }
  for (const s of shards) {
    s.files.sort();
    s.weightMs = Math.round(s.weightMs);
  }
  return { shards, unknown };
}

/** The suite files a filter selects (vitest's rule: the path contains one of the strings), in path order. */
export function selectedFiles(all: readonly string[], filter: readonly string[] | undefined): string[] {
  const files = [...new Set(all)].sort();
  return filter?.length ? files.filter((f) => filter.some((s) => f.includes(s.replace(/\.(?:ts|js)$/, "")))) : files;
}

/** This machine's part of a sharded run or sweep, as runConformance and runSweep take it. */
export interface ShardPart extends ShardSpec {
  files: string[];
  durations: string;
  reckonedMs: number;
}

/**
 * Shard K of N of the suite files `filter` selects, split by `durations` (a sweep's over its range of levels), or a
 * sentence saying why there is none: a part with no file would run nothing, so N may not exceed the files.
 */
export async function shardPart(
  spec: ShardSpec,
  filter: readonly string[] | undefined,
  durations: DurationSource,
  range?: { from: number; to: number },
): Promise<ShardPart | string> {
  const { testInfos } = await import("../expect/test-index.ts");
  const files = selectedFiles(
    (await testInfos()).map((t) => t.file),
    filter,
  );
  if (spec.count > files.length)
    return `--shard ${spec.index}/${spec.count}: only ${files.length} suite file${files.length === 1 ? "" : "s"} to split${filter?.length ? " (of --filter)" : ""}; give N up to ${files.length}`;
  const mine = planShards(files, spec.count, durations, range).shards[spec.index - 1]!;
  return { ...spec, files: mine.files, durations: durations.from, reckonedMs: mine.weightMs };
}
