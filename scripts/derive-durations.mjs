#!/usr/bin/env node
// Derives src/run/data/durations.json, the typical time of each suite file that `run --shard` and `sweep --shard`
// split the suites by when no --durations file is given, from the results.json of a real, unfiltered run:
//   npx chat-conformance run --out /tmp/full && node scripts/derive-durations.mjs /tmp/full/results.json
// Each file keeps its tests' milliseconds summed by the level of their primary clause, so that a sweep can reckon a
// file's time over a range of levels (a test runs at every level of the range from its own up).
import { readFileSync, writeFileSync } from "node:fs";

const src = process.argv[2];
if (!src) {
  console.error("usage: node scripts/derive-durations.mjs <results.json of an unfiltered run>");
  process.exit(2);
}
const results = JSON.parse(readFileSync(src, "utf8"));
if (results.partial?.notRun) {
  console.error(`${src}: ${results.partial.notRun} applicable tests were not run; derive from an unfiltered run`);
  process.exit(2);
}
const files = {};
for (const t of results.tests) {
  const byLevel = (files[t.file] ??= {});
  byLevel[t.level] = (byLevel[t.level] ?? 0) + t.durationMs;
}
const out = {
  source: `chat-conformance ${results.tool.version} run against a ${results.target.kind} server at FL ${results.target.featureLevel}, ${results.tests.length} tests`,
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
};
const target = new URL("../src/run/data/durations.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(out)}\n`);
console.log(`${Object.keys(files).length} suite files → ${target.pathname}`);
