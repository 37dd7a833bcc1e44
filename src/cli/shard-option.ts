import { committedDurations, durationsFromResults, parseShard, shardPart, type ShardPart } from "../run/shard.ts";
import { UsageError } from "./usage.ts";

/** What `run` and `sweep` say of --shard and --durations in their tables. */
export const SHARD_OPTIONS = {
  shard: {
    type: "string",
    value: "K/N",
    description: "run only part K of N of the suite files, parts of about equal time (merge the parts' --out folders with `chat-conformance merge`)",
  },
  durations: {
    type: "string",
    value: "FILE",
    description: "with --shard: split by the files' times in this earlier results.json (for a sweep, also a sweep.json), not by the committed table",
  },
} as const;

/**
 * --shard K/N (with --durations FILE): this machine's part of the suite files the filter selects, checked before
 * anything starts. A sweep's split reckons each file over its range of levels.
 */
export async function shardOption(
  raw: string | undefined,
  durationsFile: string | undefined,
  filter: readonly string[] | undefined,
  range?: { from: number; to: number },
): Promise<ShardPart | undefined> {
  if (raw === undefined) {
    if (durationsFile !== undefined) throw new UsageError("--durations goes with --shard K/N (it says how to split the suites)");
    return undefined;
  }
  const spec = parseShard(raw);
  if (typeof spec === "string") throw new UsageError(spec);
  const durations = durationsFile !== undefined ? durationsFromResults(durationsFile, range ? "sweep" : "run") : committedDurations();
  if (typeof durations === "string") throw new UsageError(durations);
  const part = await shardPart(spec, filter, durations, range);
  if (typeof part === "string") throw new UsageError(part);
  return part;
}

/** "2/3: 31 suite files, about 40 s by the committed table (…)", for the line a shard starts with. */
export const shardLine = (p: ShardPart): string =>
  `${p.index}/${p.count}: ${p.files.length} suite file${p.files.length === 1 ? "" : "s"}, about ${p.reckonedMs < 10_000 ? (p.reckonedMs / 1000).toFixed(1) : Math.round(p.reckonedMs / 1000)} s by ${p.durations}`;
