import type { Catalog } from "../../catalog/catalog.ts";
import type { InvariantRecord } from "./record.ts";
import { modelReduces, REDUCERS } from "./reducers.ts";

/**
 * The invariant's coverage: every event type and op the spec (the catalog's clauses) or the model names, whether
 * the model reduces it, whether a test's action produced it, and the levels at which a test that produced it
 * passed the comparison. results.json (`eventCoverage`), the HTML report and `list --events` show it.
 */
export interface EventCoverageRow {
  /** `type` or `type/op`. */
  event: string;
  reducer: boolean;
  /** The register sections its reducer can change (fetch_event_types names); empty for events without register state. */
  sections: string[];
  /** What the reducer does, in a line. */
  does: string | null;
  /** Clauses of the catalog that name it. */
  clauses: string[];
  /** A test's watcher received and reduced it. */
  exercised: boolean;
  /** Levels at which a watcher that reduced it found the states equal. */
  verifiedAt: number[];
}

/** The catalog's event names, with the model's keys: the universe the coverage is over. */
export function eventNames(cat: Catalog): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const c of cat.clauses) for (const e of c.events) names.set(e, [...(names.get(e) ?? []), c.id]);
  for (const k of Object.keys(REDUCERS)) if (!names.has(k)) names.set(k, []);
  // A catalog name without an op ("subscription") stands for its ops when the model has them: those are listed.
  for (const [name, clauses] of [...names]) {
    const ops = Object.keys(REDUCERS).filter((k) => k.startsWith(`${name}/`));
    if (!name.includes("/") && ops.length && !REDUCERS[name]) {
      names.delete(name);
      for (const op of ops) names.set(op, [...new Set([...(names.get(op) ?? []), ...clauses])]);
    }
  }
  return names;
}

/** One watched test: what its invariant record says, at which level. */
export interface Watched {
  level: number;
  invariant?: InvariantRecord;
}

export function eventCoverage(cat: Catalog, watched: readonly Watched[]): EventCoverageRow[] {
  const exercised = new Set<string>();
  const verified = new Map<string, Set<number>>();
  for (const w of watched) {
    const inv = w.invariant;
    if (!inv || inv.status === "skipped") continue;
    for (const k of inv.reduced) {
      exercised.add(k);
      if (inv.status === "checked") verified.set(k, (verified.get(k) ?? new Set()).add(w.level));
    }
  }
  return [...eventNames(cat)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([event, clauses]) => ({
      event,
      reducer: modelReduces(event),
      sections: [...(REDUCERS[event]?.sections ?? [])],
      does: REDUCERS[event]?.does ?? null,
      clauses: clauses.sort(),
      exercised: exercised.has(event),
      verifiedAt: [...(verified.get(event) ?? [])].sort((a, b) => a - b),
    }));
}

/** "41 of 62 event types and ops reduced (66 %), 30 exercised, 28 verified". */
export function eventCoverageLine(rows: readonly EventCoverageRow[]): string {
  const n = rows.length;
  const pct = (k: number) => (n ? Math.round((100 * k) / n) : 0);
  const reduced = rows.filter((r) => r.reducer).length;
  return `${reduced} of ${n} event types and ops reduced (${pct(reduced)} %), ${rows.filter((r) => r.exercised).length} exercised (${pct(rows.filter((r) => r.exercised).length)} %), ${rows.filter((r) => r.verifiedAt.length).length} verified`;
}
