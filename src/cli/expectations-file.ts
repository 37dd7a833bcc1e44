import { catalog } from "../catalog/catalog.ts";
import { ExpectedFailuresSchema, type ExpectedFailures } from "../results/expectations.ts";
import { readJsonOption } from "./json-file.ts";
import { didYouMean } from "./suggest.ts";

/** An expectations file the user gave that cannot be used: one line naming the option, the file and the entry. */
export class ExpectationsError extends Error {
  override name = "ExpectationsError";
}

export function readExpectations(file: string): ExpectedFailures {
  return readJsonOption("--expectations", file, ExpectedFailuresSchema, (m) => new ExpectationsError(m));
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
