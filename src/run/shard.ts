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

export interface DurationSource {
  /** What the figures come from, for the shard's record: the committed table, or a --durations file. */
  from: string;
  files: FileDurations;
}

/**
 * The committed table (src/run/data/durations.json), which scripts/derive-durations.mjs writes from a real,
 * unfiltered run's results.json.
 */
export function committedDurations(): DurationSource {
  const doc = JSON.parse(readFileSync(new URL("./data/durations.json", import.meta.url), "utf8")) as { source: string; files: FileDurations };
  return { from: `the committed table (${doc.source})`, files: doc.files };
}

/**
 * The durations a previous run's results.json holds (a run's, or a merged one's): each test's durationMs by its
 * file and level. Anything else is a sentence saying why it cannot be used.
 */
export function durationsFromResults(path: string): DurationSource | string {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    return `--durations ${path}: cannot read it as JSON (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
  }
  const tests = (doc as { tests?: unknown }).tests;
  if (!Array.isArray(tests)) return `--durations ${path}: not a results.json (it has no tests list); give the results.json of an earlier run`;
  const sums = new Map<string, Map<number, number>>();
  for (const t of tests as Array<{ file?: unknown; level?: unknown; durationMs?: unknown }>) {
    if (typeof t.file !== "string" || typeof t.level !== "number" || typeof t.durationMs !== "number")
      return `--durations ${path}: a test without file, level and durationMs; give the results.json of an earlier run`;
    const byLevel = sums.get(t.file) ?? new Map<number, number>();
    sums.set(t.file, byLevel.set(t.level, (byLevel.get(t.level) ?? 0) + t.durationMs));
  }
  const files: FileDurations = {};
  for (const [file, byLevel] of sums) files[file] = [...byLevel].sort((a, b) => a[0] - b[0]);
  return { from: `--durations ${path}`, files };
}

/**
 * What one file is reckoned to take. A run at one level takes its tests' time; a sweep over from..to runs each test
 * at every level of the range at or above its own (below, it is n/a and takes next to nothing).
 */
export function fileWeight(entries: ReadonlyArray<readonly [number, number]>, range?: { from: number; to: number }): number {
  if (!range) return entries.reduce((a, [, ms]) => a + ms, 0);
  return entries.reduce((a, [level, ms]) => a + ms * Math.max(0, range.to - Math.max(range.from, level) + 1), 0);
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
  const known = files.filter((f) => durations.files[f] !== undefined);
  const unknown = files.filter((f) => durations.files[f] === undefined);
  const weights = new Map(known.map((f) => [f, fileWeight(durations.files[f]!, range)]));
  // The mean file of the durations, not of the selection: a new file counts as a typical one whatever the filter.
  const all = Object.values(durations.files).map((e) => fileWeight(e, range));
  const mean = all.length ? all.reduce((a, b) => a + b, 0) / all.length : 1;
  for (const f of unknown) weights.set(f, mean);
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
