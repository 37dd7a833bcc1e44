import type { EventCoverageRow } from "../results/schema.ts";

/** "41 of 62 event types and ops reduced (66 %), 30 exercised, 28 verified". */
export function eventCoverageLine(rows: readonly EventCoverageRow[]): string {
  const n = rows.length;
  const pct = (k: number) => (n ? Math.round((100 * k) / n) : 0);
  const reduced = rows.filter((r) => r.reducer).length;
  return `${reduced} of ${n} event types and ops reduced (${pct(reduced)} %), ${rows.filter((r) => r.exercised).length} exercised (${pct(rows.filter((r) => r.exercised).length)} %), ${rows.filter((r) => r.verifiedAt.length).length} verified`;
}
