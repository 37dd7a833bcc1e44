/**
 * The zulip-suite project's check of one level, by hand: a whole suite run against a `--product zulip` reference
 * server, printing each problem of its answers that the differences table does not cover, and the run's problems.
 *
 *   npx tsx test/zulip-suite/record-run.ts 372 [more `run` options]
 */
import { isProblem } from "../../src/results/tally.ts";
import { recordRun } from "./recorder.ts";

const level = Number(process.argv[2] ?? 372);
const r = await recordRun(level, process.argv.slice(3));
console.log(
  `FL${level}: run exit ${r.exitCode} in ${r.seconds.toFixed(0)} s; ${r.counts.answers} answers, ${r.counts.bodies} checked 200 bodies, ${r.counts.events} events`,
);
for (const t of r.results.tests.filter((t) => isProblem(t.status)))
  console.log(`  ${t.status} ${t.id}: ${(t.message ?? "").split("\n").slice(0, 2).join(" / ").slice(0, 300)}`);
for (const f of r.findings) console.log(`  ${f.count}x ${f.subject} ${f.kind} ${f.object}.${f.key}  e.g. ${f.example}`);
