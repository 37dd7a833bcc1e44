import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { catalog } from "../catalog/catalog.ts";
import { CODE_ROOT } from "../layout.ts";
import { ExpectedFailuresSchema, type ExpectedFailures } from "../results/expectations.ts";
import { readJsonOption } from "./json-file.ts";
import { didYouMean } from "./suggest.ts";

/** An expectations file the user gave that cannot be used: one line naming the option, the file and the entry. */
export class ExpectationsError extends Error {
  override name = "ExpectationsError";
}

/** The expectations files that ship with the tool (fixtures/expectations), which `--expectations NAME` names. */
const BUNDLED = join(CODE_ROOT, "fixtures", "expectations");

export const bundledExpectations = (): string[] =>
  readdirSync(BUNDLED)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();

/**
 * `--expectations FILE`, or the name of a file that ships with the tool (`zulip-10.2`): a bare name that is no
 * file here is looked up among those, so a user need not know where npm put the package.
 */
export function readExpectations(file: string): ExpectedFailures {
  const fail = (m: string): Error => new ExpectationsError(m);
  const bare = !/[\\/]/.test(file) && !file.endsWith(".json");
  if (bare && !existsSync(file)) {
    const known = bundledExpectations();
    if (!known.includes(file)) throw fail(`--expectations: no such file: ${file} (and no bundled expectations of that name: ${known.join(", ")})`);
    return readJsonOption("--expectations", join(BUNDLED, `${file}.json`), ExpectedFailuresSchema, fail);
  }
  return readJsonOption("--expectations", file, ExpectedFailuresSchema, fail);
}

/**
 * Checks that every entry names a clause of the catalog or one of the suites' test ids (`<clause>#<slug>`): an
 * entry that names nothing would silently never match, and the deviation it meant to excuse would stay red (or a
 * typo would hide that the list is stale). Separate from readExpectations because the test ids come from
 * collecting the suites, which is asynchronous (collectTests()).
 */
export function checkExpectations(file: string, e: ExpectedFailures, testIds: Iterable<string>): void {
  const tests = new Set(testIds);
  const cat = catalog();
  for (const key of Object.keys(e.expectedFail)) {
    if (tests.has(key) || cat.clause(key) !== undefined) continue;
    const near = didYouMean(key, key.includes("#") ? tests : cat.clauses.map((c) => c.id));
    throw new ExpectationsError(`--expectations ${file}: '${key}' names no test or clause${near}`);
  }
}
