import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import type { TestMeta } from "../expect/meta.ts";

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
  if (!existsSync(file)) throw new ExpectationsError(`--expectations: no such file: ${file}`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ExpectationsError(`--expectations ${file}: not valid JSON (${(e as Error).message})`);
  }
  const r = ExpectationsSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new ExpectationsError(`--expectations ${file}: ${issue.path.join(".") || "(top level)"}: ${issue.message}`);
  }
  return r.data;
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
