import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { renderSummary } from "../report/summary.ts";
import { renderSweepHtml } from "../report/sweep-html.ts";
import { renderSweepSummary } from "../report/sweep-summary.ts";
import { REPORT_FILES, writeReports } from "../report/write.ts";
import { verdictOf } from "../results/verdict.ts";
import { MergeError, mergeRuns, mergeSweeps, readShardDirs } from "../run/merge.ts";
import { paintSummary, paletteFor } from "./colour.ts";
import { parseOptions } from "./options.ts";
import { checkOutDir } from "./out-option.ts";
import { MERGE } from "./specs/merge.ts";
import { DEFAULT_OUT } from "./specs/run.ts";
import { SWEEP_OUT } from "./specs/sweep.ts";
import { UsageError, type Io } from "./usage.ts";

/**
 * `merge DIR… [--out DIR]`: the shards' folders as one run's reports (src/run/merge.ts), with the exit code the run
 * unsharded would have; folders that are not the shards of one run are exit 2, saying why.
 */
export async function mergeCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(MERGE, argv);
  let read;
  try {
    read = readShardDirs(positionals);
  } catch (e) {
    if (e instanceof MergeError) throw new UsageError(`merge: ${e.message}`);
    throw e;
  }
  const outRaw = values.out ?? (read.kind === "run" ? DEFAULT_OUT : SWEEP_OUT);
  if (positionals.some((d) => resolve(d) === resolve(outRaw)))
    throw new UsageError(`merge: --out ${outRaw} is one of the shards' folders; give the merged reports a folder of their own`);
  if (read.kind === "sweep") {
    if (values["history-link"] !== undefined) throw new UsageError("merge: --history-link is for a run's index.html; a sweep's shards write none");
    const outDir = checkOutDir("--out", outRaw, ["sweep.json", "sweep.html"]);
    let results;
    try {
      results = mergeSweeps(read.shards);
    } catch (e) {
      if (e instanceof MergeError) throw new UsageError(`merge: ${e.message}`);
      throw e;
    }
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, "sweep.json"), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(join(outDir, "sweep.html"), renderSweepHtml(results));
    io.out(renderSweepSummary(results));
    for (const m of results.moduleErrors) io.err(`suite error: ${m}`);
    io.out(`reports: ${join(outDir, "sweep.json")}, ${join(outDir, "sweep.html")} (merged from ${read.shards.length} shards)`);
    return results.redLevels.length === 0 && results.moduleErrors.length === 0 ? 0 : 1;
  }
  const outDir = checkOutDir("--out", outRaw, REPORT_FILES, ["allure-results"]);
  let run;
  try {
    run = await mergeRuns(read.shards);
  } catch (e) {
    if (e instanceof MergeError) throw new UsageError(`merge: ${e.message}`);
    throw e;
  }
  writeReports(outDir, run.results, values["history-link"] !== undefined ? { history: values["history-link"] } : {});
  // Allure's results are a file per test: the shards' together are the run's.
  const allure = join(outDir, "allure-results");
  rmSync(allure, { recursive: true, force: true });
  mkdirSync(allure, { recursive: true });
  for (const s of read.shards) {
    const from = join(s.dir, "allure-results");
    if (existsSync(from)) for (const f of readdirSync(from)) cpSync(join(from, f), join(allure, f), { recursive: true });
  }
  io.out(paintSummary(renderSummary(run.results), verdictOf(run.results).state, paletteFor(io.stdout)));
  for (const e of run.moduleErrors) io.err(`suite error: ${e}`);
  if (run.results.throttle?.rateLimited) io.err(`chat-conformance: ${run.results.throttle.rateLimited.line}`);
  io.out(
    `reports: ${join(outDir, "results.json")}, ${join(outDir, "index.html")}, ${join(outDir, "junit.xml")}, ${allure}/, badge.json and badge.svg (merged from ${read.shards.length} shards)`,
  );
  return run.exitCode;
}
