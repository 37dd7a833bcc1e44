import { join } from "node:path";
import type { Catalog } from "../catalog/catalog.ts";
import { coverage, type Coverage } from "../catalog/coverage.ts";
import type { Descriptor } from "../expect/descriptor.ts";
import type { TestMeta } from "../results/test-records.ts";
import { notApplicable } from "../expect/runner.ts";
import type { NotRunTest } from "../results/build.ts";
import { CODE_ROOT, suitePathHere } from "../layout.ts";

/** Statuses in which a test judged the server: the clauses it names were tested, whichever way it went. */
const VERDICTS: ReadonlySet<string> = new Set(["pass", "fail", "expected-fail", "unexpected-pass"]);

export interface RunScope {
  /** Applicable tests of the suites that the run has no outcome for, each with why. */
  notRun: NotRunTest[];
  /** What the run tested, of the testable clauses that apply at the target's level (see ResultsSchema.coverage). */
  coverage: Coverage;
}

/**
 * What a run covered, against what the whole suite would have run at the target's level: every test that is not
 * n/a there and has no outcome is "not run" (a filter left it out, or its suite file failed to load), and only
 * clauses of tests that reached a verdict count as tested. This is what keeps a filtered run of four tests from
 * reporting full coverage and a verified level it never checked.
 */
export function runScope(
  cat: Catalog,
  suite: readonly Descriptor[],
  ran: readonly TestMeta[],
  featureLevel: number,
  filter: readonly string[] | undefined,
  /** A shard's part (run --shard K/N): the tests of the filter's other files are another shard's, not left out. */
  shard?: { index: number; count: number; files: readonly string[] },
): RunScope {
  const applicable = suite.filter((d) => notApplicable(d, featureLevel) === null);
  const outcome = new Map(ran.map((t) => [t.id, t.status]));
  // vitest selects files whose path contains a filter string (relative or absolute).
  const selected = (d: Descriptor) =>
    !filter?.length || filter.some((f) => suitePathHere(d.file).includes(f) || join(CODE_ROOT, suitePathHere(d.file)).includes(f));
  const inShard = (d: Descriptor) => !shard || shard.files.includes(d.file);
  const notRun = applicable
    .filter((d) => !outcome.has(d.id))
    .map((d) => ({
      id: d.id,
      clauses: d.clauses,
      why: !selected(d)
        ? `not selected by the filter (${filter!.join(", ")})`
        : !inShard(d)
          ? `in another shard than ${shard!.index}/${shard!.count} (chat-conformance merge puts the shards' results together)`
          : "not run: no outcome was recorded (see the suite errors)",
    }));
  const applicableClauses = new Set(applicable.flatMap((d) => d.clauses));
  const tested = applicable.filter((d) => VERDICTS.has(outcome.get(d.id) ?? ""));
  // Untestable clauses stay in, so the report can still say how many the catalog cannot test black-box.
  const clauses = cat.clauses.filter((c) => c.testable !== true || applicableClauses.has(c.id));
  return { notRun, coverage: coverage(cat, tested, clauses) };
}
