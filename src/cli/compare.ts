import { basename, dirname } from "node:path";
import { compareRuns, renderComparison } from "../report/compare.ts";
import { ResultsSchema } from "../report/schema.ts";
import { readJsonOption } from "./json-file.ts";
import { parseOptions } from "./options.ts";
import { COMPARE } from "./specs/compare.ts";
import { UsageError, type Io } from "./usage.ts";

/**
 * `compare BASE.json OTHER.json…`: the runs side by side, every test whose status differs, and regressions
 * against the first. Exit 1 with --fail-on-regression when a test that passed in the first run is a problem later.
 */
export async function compareCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(COMPARE, argv);
  if (positionals.length < 2) throw new UsageError("compare needs at least two results.json files (the first is the baseline)");
  const runs = positionals.map((file) => ({
    label: basename(file) === "results.json" ? basename(dirname(file)) || file : file,
    results: readJsonOption("compare", file, ResultsSchema, (m) => new UsageError(m)),
  }));
  const c = compareRuns(runs);
  io.out(values.json ? JSON.stringify(c, null, 2) : renderComparison(c));
  return values["fail-on-regression"] && c.regressions.length > 0 ? 1 : 0;
}
