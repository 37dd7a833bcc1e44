import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { VERSION } from "../layout.ts";
import { compareRuns, renderComparison, type RunToCompare } from "../results/compare.ts";
import { renderCompareHtml } from "../report/compare-html.ts";
import { renderHistoryHtml } from "../report/history-html.ts";
import { buildHistory, HistoryError, renderHistory } from "../results/history.ts";
import { ResultsSchema } from "../results/schema.ts";
import { compareSweeps, renderSweepComparison, SweepCompareError } from "../results/sweep-compare.ts";
import { SweepResultsSchema } from "../results/sweep-schema.ts";
import { readJsonOption } from "./json-file.ts";
import { parseOptions } from "./options.ts";
import { checkOutDir } from "./out-option.ts";
import { COMPARE } from "./specs/compare.ts";
import { UsageError, type Io } from "./usage.ts";

/** The files `compare --out DIR` writes. */
export const COMPARE_FILES = ["compare.html", "compare.json"] as const;

/** The files `compare --history DIR [--out DIR]` writes. */
export const HISTORY_FILES = ["history.html", "history.json"] as const;

/**
 * Each run's label: the folder of a results.json (reports/staging/results.json → staging), with as many folders
 * above it as make it unique among the runs (a/latest, b/latest); any other file as given.
 */
function labels(files: readonly string[]): string[] {
  const paths = files.map((f) => (basename(f) === "results.json" ? resolve(dirname(f)).split(sep).filter(Boolean) : undefined));
  return paths.map((segs, i) => {
    if (!segs) return files[i]!;
    for (let n = 1; n <= segs.length; n++) {
      const label = segs.slice(-n).join("/");
      if (paths.every((o, j) => j === i || !o || o.slice(-n).join("/") !== label)) return label;
    }
    return files[i]!;
  });
}

/** The run's own report beside its results.json, as a link relative to outDir (null when there is none). */
function reportLink(file: string, outDir: string): string | null {
  const html = join(dirname(resolve(file)), "index.html");
  if (!existsSync(html)) return null;
  return relative(resolve(outDir), html).split(sep).map(encodeURIComponent).join("/");
}

/**
 * `compare BASE.json OTHER.json… [--out DIR]`: the runs side by side, every test whose status differs, and
 * regressions against the first; with --out also DIR/compare.html (runs as columns, clauses as rows) and
 * DIR/compare.json. Exit 1 with --fail-on-regression when a test that passed in the first run is a problem later.
 */
export async function compareCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(COMPARE, argv);
  if (values.history !== undefined) {
    if (positionals.length) throw new UsageError(`compare --history DIR reads the runs from DIR; it takes no files as well (got ${positionals[0]})`);
    if (values["fail-on-regression"]) throw new UsageError("compare --history does not take --fail-on-regression; compare the last two runs for that");
    return historyCommand(values.history, values.out, values.json === true, io);
  }
  if (positionals.length < 2) throw new UsageError("compare needs at least two results.json files (the first is the baseline)");
  if (looksLikeSweep(positionals[0]!)) return sweepCompare(positionals, values.out, values.json === true, values["fail-on-regression"] === true, io);
  // Checked before the runs are read: a comparison that cannot be written is one line, not an internal error.
  const out = values.out;
  if (out !== undefined) checkOutDir("--out", out, COMPARE_FILES);
  const names = labels(positionals);
  const runs: RunToCompare[] = positionals.map((file, i) => ({
    label: names[i]!,
    results: readJsonOption("compare", file, ResultsSchema, (m) => new UsageError(m)),
    report: out === undefined ? null : reportLink(file, out),
  }));
  const c = compareRuns(runs);
  const json = `${JSON.stringify(c, null, 2)}\n`;
  io.out(values.json ? json : renderComparison(c));
  if (out !== undefined) {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "compare.json"), json);
    writeFileSync(join(out, "compare.html"), renderCompareHtml(c, { name: "chat-conformance", version: VERSION }));
    // With --json, stdout is the document alone.
    (values.json ? io.err : io.out)(`comparison: ${COMPARE_FILES.map((f) => join(out, f)).join(", ")}\n`);
  }
  return values["fail-on-regression"] && c.regressions.length > 0 ? 1 : 0;
}

/**
 * The results files of a history folder: every results.json at any depth (a run's --out folder, as CI keeps them
 * by date) and every other .json file directly in it (runs saved under their own names), except what this command
 * writes there.
 */
function historyFiles(dir: string): string[] {
  let kind: "dir" | "file" | "missing";
  try {
    kind = statSync(dir).isDirectory() ? "dir" : "file";
  } catch {
    kind = "missing";
  }
  if (kind !== "dir")
    throw new UsageError(`compare --history ${dir}: ${kind === "file" ? "is a file; give the folder of results.json files" : "no such folder"}`);
  const found = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => (basename(f) === "results.json" || (!f.includes(sep) && f.endsWith(".json") && f !== "history.json")) && statSync(join(dir, f)).isFile())
    .sort();
  if (!found.length) throw new UsageError(`compare --history ${dir}: no results.json there (nor any .json file directly in it)`);
  return found.map((f) => join(dir, f));
}

/** `compare --history DIR [--out DIR] [--json]`: see src/results/history.ts. */
function historyCommand(dir: string, outRaw: string | undefined, json: boolean, io: Io): number {
  const out = outRaw ?? dir;
  checkOutDir(outRaw === undefined ? "--history" : "--out", out, HISTORY_FILES);
  const runs: RunToCompare[] = historyFiles(dir).map((file) => ({
    label: relative(dir, file).split(sep).join("/"),
    results: readJsonOption("compare --history", file, ResultsSchema, (m) => new UsageError(m)),
    report: reportLink(file, out),
  }));
  let h;
  try {
    h = buildHistory(runs);
  } catch (e) {
    if (e instanceof HistoryError) throw new UsageError(`compare --history ${dir}: ${e.message}`);
    throw e;
  }
  const text = `${JSON.stringify(h, null, 2)}\n`;
  io.out(json ? text : renderHistory(h));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "history.json"), text);
  writeFileSync(join(out, "history.html"), renderHistoryHtml(h, { name: "chat-conformance", version: VERSION }));
  (json ? io.err : io.out)(`history: ${HISTORY_FILES.map((f) => join(out, f)).join(", ")}\n`);
  return 0;
}

/** A sweep.json rather than a results.json: only a sweep has a range of levels. Anything unreadable is left to the results path to report. */
function looksLikeSweep(file: string): boolean {
  try {
    const raw: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof raw === "object" && raw !== null && "levels" in raw && "from" in raw && "to" in raw;
  } catch {
    return false;
  }
}

/** `compare BASE/sweep.json LATER/sweep.json [--fail-on-regression]`: a sweep's new problems against the one before. */
function sweepCompare(files: readonly string[], out: string | undefined, json: boolean, failOnRegression: boolean, io: Io): number {
  if (files.length !== 2) throw new UsageError("compare of sweeps takes two sweep.json files: the base and the later one");
  if (out !== undefined) throw new UsageError("compare of sweeps prints its comparison only; --out is for results.json files (sweep.html shows a sweep)");
  const [base, later] = files.map((f) => readJsonOption("compare", f, SweepResultsSchema, (m) => new UsageError(m)));
  let c;
  try {
    c = compareSweeps(base!, later!);
  } catch (e) {
    if (e instanceof SweepCompareError) throw new UsageError(`compare: ${e.message}`);
    throw e;
  }
  io.out(json ? `${JSON.stringify(c, null, 2)}\n` : renderSweepComparison(c));
  return failOnRegression && c.regressions.length > 0 ? 1 : 0;
}
