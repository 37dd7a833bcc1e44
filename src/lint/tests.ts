/**
 * Lint checks on the tests the suites declare (TestInfo, collected without running them). UNTESTED is an error:
 * every testable clause has a test (`{ untested: "warn" }` relaxes it, e.g. while drafting a new area).
 */
import type { Catalog } from "../catalog/catalog.ts";
import type { TestInfo } from "../expect/descriptor-info.ts";
import { duplicates, issue, type Check, type Issue, type Severity } from "./issues.ts";

/** UNTESTED's severity: every testable clause of the catalog has a test, and a new clause must come with one. */
export const UNTESTED_SEVERITY: Severity = "error";

export interface TestLintInput {
  catalog: Catalog;
  tests: readonly TestInfo[];
  untested: Severity;
}

const testWhere = (t: TestInfo) => `${t.file}: ${t.id}`;

export const TEST_CHECKS: readonly Check<TestLintInput>[] = [
  {
    id: "TEST-ID-UNIQUE",
    rule: "no two tests share an id",
    run: ({ tests }) => duplicates(tests.map((t) => t.id)).map((id) => issue("TEST-ID-UNIQUE", id, "is the id of more than one test")),
  },
  {
    id: "TEST-CLAUSES-EXIST",
    rule: "every test names at least one clause, and only clauses of the catalog",
    run: ({ catalog, tests }) =>
      tests.flatMap((t) => {
        if (t.clauses.length === 0) return [issue("TEST-CLAUSES-EXIST", testWhere(t), "names no clause")];
        return t.clauses.filter((id) => !catalog.clause(id)).map((id) => issue("TEST-CLAUSES-EXIST", testWhere(t), `names unknown clause ${id}`));
      }),
  },
  {
    id: "TEST-GATE-LEVELS",
    rule: "each level a test gates on is the level or the until of one of its clauses",
    run: ({ catalog, tests }) =>
      tests.flatMap((t) => {
        const bounds = new Set<number>();
        for (const id of t.clauses) {
          const c = catalog.clause(id);
          if (!c) continue;
          bounds.add(c.level);
          if (c.until !== undefined) bounds.add(c.until);
        }
        return t.gateLevels
          .filter((l) => !bounds.has(l))
          .map((l) =>
            issue(
              "TEST-GATE-LEVELS",
              testWhere(t),
              `gates on level ${l}, which is neither the level nor the until of its clauses (${[...bounds].sort((a, b) => a - b).join(", ") || "none"})`,
            ),
          );
      }),
  },
  {
    id: "UNTESTED",
    rule: "every testable clause has at least one test",
    run: ({ catalog, tests, untested }) => {
      const covered = new Set(tests.flatMap((t) => t.clauses));
      return catalog.clauses
        .filter((c) => c.testable === true && !covered.has(c.id))
        .map((c) => issue("UNTESTED", c.id, "is testable but no test names it", untested));
    },
  },
];

/** Runs every test check; UNTESTED reports with `options.untested` (default UNTESTED_SEVERITY). */
export function lintTests(catalog: Catalog, tests: readonly TestInfo[], options: { untested?: Severity } = {}): Issue[] {
  const input: TestLintInput = { catalog, tests, untested: options.untested ?? UNTESTED_SEVERITY };
  return TEST_CHECKS.flatMap((check) => check.run(input));
}
