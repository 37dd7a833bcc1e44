/**
 * Each suite file's time in a run or a sweep (results.json's and sweep.json's fileMs): summed over the runs that
 * make one document (a sweep's groups of levels, a merge's shards), in path order so that equal runs write equal
 * documents.
 */
export function sortedFileMs(maps: ReadonlyArray<Readonly<Record<string, number>>>): Record<string, number> {
  const sum = new Map<string, number>();
  for (const m of maps) for (const [f, ms] of Object.entries(m)) sum.set(f, (sum.get(f) ?? 0) + ms);
  return Object.fromEntries([...sum].sort(([a], [b]) => a.localeCompare(b)));
}
