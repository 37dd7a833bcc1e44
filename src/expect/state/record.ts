/** What the invariant did for one test (results.json's `invariant` of a test). */
export interface InvariantRecord {
  /** checked: compared and equal; failed: a difference (the test fails on INVARIANT_CLAUSE); skipped: not compared, and why. */
  status: "checked" | "failed" | "skipped";
  /** Why skipped (opt-out reason, a test that failed first, a lost queue…). */
  why?: string;
  /** The model's names (`type` or `type/op`) of the events reduced, each once. */
  reduced: string[];
  /** Event types the model does not know (not reduced: their sections are not compared). */
  unknown: string[];
  /** The register sections refetched and compared (fetch_event_types names). */
  sections: string[];
  /**
   * How many watchers of the test's own (StateWatch.start, attached with TestContext.watching) the record sums up
   * besides the runner's watcher; absent when none. Their events count as reduced, their sections as compared, and
   * the status is checked only when every comparison of every watcher held.
   */
  own?: number;
}

/**
 * One record of several watchers' comparisons (the runner's and the test's own): failed when any failed, checked
 * when all were checked, otherwise skipped with every reason; the events and sections of all of them.
 */
export function mergeRecords(records: readonly InvariantRecord[]): InvariantRecord {
  const union = (pick: (r: InvariantRecord) => string[]) => [...new Set(records.flatMap(pick))].sort();
  const status = records.some((r) => r.status === "failed") ? "failed" : records.every((r) => r.status === "checked") ? "checked" : "skipped";
  const why = [...new Set(records.flatMap((r) => (r.status === "skipped" && r.why ? [r.why] : [])))].join("; ");
  return {
    status,
    ...(status === "skipped" && why ? { why } : {}),
    reduced: union((r) => r.reduced),
    unknown: union((r) => r.unknown),
    sections: union((r) => r.sections),
  };
}
