import { byLevel } from "../results/tally.ts";
import type { TestResult } from "../results/schema.ts";

/** What one remedy would make runnable: the tests it covers, by level, each with its index in the results' list. */
export interface RemedyGroup {
  remedy: string;
  tests: { test: TestResult; index: number }[];
}

/**
 * The tests not verifiable on this target, grouped by what would make them runnable, the largest group first: the
 * user's to-do list, in the same order in the CLI summary and the HTML report.
 */
export function remedyGroups(tests: readonly TestResult[]): RemedyGroup[] {
  const groups = new Map<string, RemedyGroup["tests"]>();
  const listed = tests.map((test, index) => ({ test, index })).filter((x) => x.test.status === "unverifiable");
  for (const x of listed.sort((a, b) => byLevel(a.test, b.test))) {
    const key = x.test.remedy ?? "(no remedy given)";
    groups.set(key, [...(groups.get(key) ?? []), x]);
  }
  return [...groups].map(([remedy, list]) => ({ remedy, tests: list })).sort((a, b) => b.tests.length - a.tests.length);
}
