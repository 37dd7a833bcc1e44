import type { InvariantRecord } from "../../results/schema.ts";

/** The record is results.json's `invariant` of a test (InvariantSchema declares it). */
export type { InvariantRecord };

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
