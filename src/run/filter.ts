import { CODE_EXT } from "../layout.ts";

/**
 * `--filter` names suite files by a part of their path, as the user sees them: in the source spelling
 * ("suites/events/queue.test.ts"), which reports and test ids use, or in the installed package's ("….test.js").
 * Either matches the file in this layout.
 */
const stem = (filter: string): string => filter.replace(/\.(?:ts|js)$/, "");

/** The filter as vitest must see it in this layout. */
export const filterHere = (filter: string): string => (stem(filter) === filter ? filter : `${stem(filter)}.${CODE_EXT}`);

/**
 * The filters that match none of the suite files (source spelling): a run that would verify nothing because of a
 * typo must say so, not go green.
 */
export function unmatchedFilters(filters: readonly string[], files: readonly string[]): string[] {
  return filters.filter((f) => !files.some((file) => file.includes(stem(f))));
}
