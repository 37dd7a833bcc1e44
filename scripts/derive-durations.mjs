#!/usr/bin/env node
// Derives src/run/data/durations.json, what `run --shard` and `sweep --shard` split the suites by when no
// --durations file is given, from the results.json of a real, unfiltered run and, optionally, the sweep.json of a
// full sweep (FL 153–372):
//   npx chat-conformance run --out /tmp/full && npx chat-conformance sweep --out /tmp/sweep
//   node scripts/derive-durations.mjs /tmp/full/results.json /tmp/sweep/sweep.json
// Each file keeps its tests' milliseconds summed by the level of their primary clause, so that a sweep can reckon a
// file's time over a range of levels (a test runs at every level of the range from its own up); and the files'
// measured times (fileMs: their import and hooks too) of the run and of the sweep, which the split prefers.
import { readFileSync, writeFileSync } from "node:fs";

const [src, sweepSrc] = process.argv.slice(2);
if (!src) {
  console.error("usage: node scripts/derive-durations.mjs <results.json of an unfiltered run> [<sweep.json of an unfiltered sweep>]");
  process.exit(2);
}
const results = JSON.parse(readFileSync(src, "utf8"));
if (results.partial?.notRun) {
  console.error(`${src}: ${results.partial.notRun} applicable tests were not run; derive from an unfiltered run`);
  process.exit(2);
}
const sweep = sweepSrc ? JSON.parse(readFileSync(sweepSrc, "utf8")) : undefined;
if (sweep && (sweep.filter !== null || !sweep.fileMs || sweep.shard)) {
  console.error(`${sweepSrc}: derive from an unfiltered, unsharded sweep written with its files' times (fileMs)`);
  process.exit(2);
}
const files = {};
for (const t of results.tests) {
  const byLevel = (files[t.file] ??= {});
  byLevel[t.level] = (byLevel[t.level] ?? 0) + t.durationMs;
}
const sweepWords = sweep ? ` and a sweep of FL ${sweep.from}–${sweep.to}` : "";
const out = {
  source: `chat-conformance ${results.tool.version} run against a ${results.target.kind} server at FL ${results.target.featureLevel}, ${results.tests.length} tests${sweepWords}`,
  files: Object.fromEntries(
    Object.keys(files)
      .sort()
      .map((f) => [
        f,
        Object.entries(files[f])
          .map(([level, ms]) => [Number(level), Math.round(ms)])
          .sort((a, b) => a[0] - b[0]),
      ]),
  ),
  ...(results.fileMs ? { run: results.fileMs } : {}),
  ...(sweep ? { sweep: { from: sweep.from, to: sweep.to, files: sweep.fileMs } } : {}),
};
const target = new URL("../src/run/data/durations.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(out)}\n`);
console.log(
  `${Object.keys(files).length} suite files → ${target.pathname}${results.fileMs ? " (with the run's file times)" : ""}${sweep ? " (with the sweep's)" : ""}`,
);
