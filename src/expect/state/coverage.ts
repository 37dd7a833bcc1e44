import type { Catalog } from "../../catalog/catalog.ts";
import type { EventCoverageRow, InvariantRecord } from "../../results/schema.ts";
import { modelReduces, REDUCERS } from "./reducers.ts";

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

/**
 * The invariant's coverage (results.json's `eventCoverage`, the HTML report, `list --events`): every event type and
 * op the spec or the model names, whether the model reduces it, whether a test's action produced it, and the levels
 * at which a test that produced it passed the comparison.
 */
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

/**
 * The coverage over a run's tests: each at the level it ran at (a sweep's atLevel), else at `level` (the target's);
 * without either, a test is left out.
 */
export function testsEventCoverage(cat: Catalog, tests: readonly { atLevel?: number; invariant?: InvariantRecord }[], level?: number): EventCoverageRow[] {
  return eventCoverage(
    cat,
    tests.flatMap((m) => {
      const at = m.atLevel ?? level;
      return at === undefined ? [] : [{ level: at, ...(m.invariant ? { invariant: m.invariant } : {}) }];
    }),
  );
}
