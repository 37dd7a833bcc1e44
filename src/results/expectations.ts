import { z } from "zod";
import type { TestMeta } from "./test-records.ts";

/**
 * An expectations file (`run --expectations FILE`): the user's own list of known deviations, one entry per test id
 * or clause id, each with its reason. A listed test that fails is `expected-fail` (not a problem); one that passes
 * is `unexpected-pass` (the list is stale: a problem, so CI notices). Named for what it lists, apart from the
 * checks a test makes (src/expect/expect.ts's Expectations). The CLI reads and checks one: src/cli/expectations-file.ts.
 */
export const ExpectedFailuresSchema = z.strictObject({
  $comment: z.string().optional(),
  expectedFail: z.record(z.string().min(1), z.string().min(3, "give a reason")),
});
export type ExpectedFailures = z.infer<typeof ExpectedFailuresSchema>;

/**
 * Applies the expected failures: the reason is prefixed to the test's message. A listed test that is blocked (a
 * step it needs failed) fails as listed too: the deviation a list names often shows first in such a step, as a
 * setting the target takes in another form.
 */
export function applyExpectations(tests: TestMeta[], e: ExpectedFailures | undefined): TestMeta[] {
  if (!e) return tests;
  return tests.map((t) => {
    const key = [t.id, ...t.clauses].find((k) => Object.hasOwn(e.expectedFail, k));
    if (key === undefined) return t;
    const reason = e.expectedFail[key]!;
    if (t.status === "fail" || t.status === "blocked") {
      const lead = `expected to fail (${key}): ${reason}`;
      return { ...t, status: "expected-fail", message: `${lead}\n${t.message ?? ""}`, ...(t.failure ? { failure: { ...t.failure, lead } } : {}) };
    }
    if (t.status === "pass")
      return { ...t, status: "unexpected-pass", message: `listed as expected to fail (${key}: ${reason}) but passed: update the expectations file` };
    return t;
  });
}
