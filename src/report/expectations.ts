import { z } from "zod";
import type { TestMeta } from "../expect/meta.ts";
import { readJsonOption } from "../cli/json-file.ts";

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

/** Applies the expectations: the reason is prefixed to the test's message. */
export function applyExpectations(tests: TestMeta[], e: Expectations | undefined): TestMeta[] {
  if (!e) return tests;
  return tests.map((t) => {
    const key = [t.id, ...t.clauses].find((k) => Object.hasOwn(e.expectedFail, k));
    if (key === undefined) return t;
    const reason = e.expectedFail[key]!;
    if (t.status === "fail") return { ...t, status: "expected-fail", message: `expected to fail (${key}): ${reason}\n${t.message ?? ""}` };
    if (t.status === "pass") return { ...t, status: "unexpected-pass", message: `listed as expected to fail (${key}: ${reason}) but passed: update the expectations file` };
    return t;
  });
}
