import { testInfos } from "../expect/test-index.ts";
import { unmatchedFilters } from "../run/filter.ts";
import { UsageError } from "./usage.ts";

/**
 * --filter of `run` and `sweep`, checked before anything starts: a filter that matches no suite file is a typo or a
 * stale path, and a run of nothing would verify nothing and go green.
 */
export async function checkFilterOption(filters: readonly string[] | undefined): Promise<void> {
  if (!filters) return;
  const unmatched = unmatchedFilters(filters, [...new Set((await testInfos()).map((d) => d.file))]);
  if (unmatched.length > 0)
    throw new UsageError(
      `--filter ${unmatched.join(", ")}: no suite file's path contains it (the suites are under suites/<area>/, e.g. --filter suites/events/queue.test.ts or --filter messages/)`,
    );
}
