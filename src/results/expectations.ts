import { z } from "zod";
import type { TestMeta } from "../expect/meta.ts";
import { readJsonOption } from "../cli/json-file.ts";
import { didYouMean } from "../cli/suggest.ts";
import { catalog } from "../catalog/catalog.ts";

/**
 * An expectations file: the user's own list of known deviations, one entry per test id or clause id, each with
 * its reason. A listed test that fails is `expected-fail` (not a problem); one that passes is `unexpected-pass`
 * (the list is stale: a problem, so CI notices).
 */
export const ExpectationsSchema = z.strictObject({
  $comment: z.string().optional(),
  expectedFail: z.record(z.string().min(1), z.string().min(3, "give a reason")),
});
export type Expectations = z.infer<typeof ExpectationsSchema>;

export class ExpectationsError extends Error {
  override name = "ExpectationsError";
}

export function readExpectations(file: string): Expectations {
  return readJsonOption("--expectations", file, ExpectationsSchema, (m) => new ExpectationsError(m));
}

/**
 * Checks that every entry names a clause of the catalog or one of the suites' test ids (`<clause>#<slug>`): an
 * entry that names nothing would silently never match, and the deviation it meant to excuse would stay red (or a
 * typo would hide that the list is stale). Separate from readExpectations because the test ids come from
 * collecting the suites, which is asynchronous (collectTests()).
 */
export function checkExpectations(file: string, e: Expectations, testIds: Iterable<string>): void {
  const tests = new Set(testIds);
  const cat = catalog();
  for (const key of Object.keys(e.expectedFail)) {
    if (tests.has(key) || cat.clause(key) !== undefined) continue;
    const near = didYouMean(key, key.includes("#") ? tests : cat.clauses.map((c) => c.id));
    throw new ExpectationsError(`--expectations ${file}: '${key}' names no test or clause${near}`);
  }
}

/** Applies the expectations: the reason is prefixed to the test's message. */
export function applyExpectations(tests: TestMeta[], e: Expectations | undefined): TestMeta[] {
  if (!e) return tests;
  return tests.map((t) => {
    const key = [t.id, ...t.clauses].find((k) => Object.hasOwn(e.expectedFail, k));
    if (key === undefined) return t;
    const reason = e.expectedFail[key]!;
    if (t.status === "fail") return { ...t, status: "expected-fail", message: `expected to fail (${key}): ${reason}\n${t.message ?? ""}` };
    if (t.status === "pass")
      return { ...t, status: "unexpected-pass", message: `listed as expected to fail (${key}: ${reason}) but passed: update the expectations file` };
    return t;
  });
}
