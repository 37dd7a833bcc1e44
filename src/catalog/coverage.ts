/** Coverage of the catalog by the suites, and the catalog's own counts (for reports, `list` and the lint test). */
import type { Catalog } from "./catalog.ts";
import type { Clause } from "./schema.ts";
import { releaseLabel } from "../../facts/releases.ts";

/** What coverage needs of a test: its id and the clauses it names (expect/descriptor-info.ts TestInfo has both). */
export interface ClauseTest {
  id: string;
  clauses: readonly string[];
}

export interface Tally {
  tested: number;
  testable: number;
}

export interface Coverage extends Tally {
  untestable: number;
  byArea: Record<string, Tally>;
  byRelease: Record<string, Tally>;
  /** Testable clauses that no test names, in catalog order. */
  untestedIds: string[];
}

/** Clause id -> ids of the tests that name it. */
export function testsByClause(tests: readonly ClauseTest[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const t of tests) {
    for (const id of new Set(t.clauses)) {
      const list = map.get(id);
      if (list) list.push(t.id);
      else map.set(id, [t.id]);
    }
  }
  return map;
}

function bump(table: Record<string, Tally>, key: string, tested: boolean): void {
  const tally = (table[key] ??= { tested: 0, testable: 0 });
  tally.testable++;
  if (tested) tally.tested++;
}

/** How many testable clauses have at least one test, overall, per area and per release. */
export function coverage(catalog: Catalog, tests: readonly ClauseTest[], clauses: readonly Clause[] = catalog.clauses): Coverage {
  const byTest = testsByClause(tests);
  const result: Coverage = { tested: 0, testable: 0, untestable: 0, byArea: {}, byRelease: {}, untestedIds: [] };
  for (const c of clauses) {
    if (c.testable !== true) {
      result.untestable++;
      continue;
    }
    const tested = byTest.has(c.id);
    result.testable++;
    if (tested) result.tested++;
    else result.untestedIds.push(c.id);
    bump(result.byArea, c.area, tested);
    bump(result.byRelease, releaseLabel(c.level), tested);
  }
  return result;
}

export interface CatalogCounts {
  levels: number;
  levelsByKind: Record<string, number>;
  clauses: number;
  clausesByArea: Record<string, number>;
  clausesByRelease: Record<string, number>;
  testable: number;
  /** Untestable clauses grouped by their stated reason. */
  untestableByReason: Record<string, number>;
  bySource: Record<string, number>;
  conflicts: number;
}

const count = (table: Record<string, number>, key: string) => {
  table[key] = (table[key] ?? 0) + 1;
};

/** The catalog's own figures, independent of any tests. */
export function catalogCounts(catalog: Catalog): CatalogCounts {
  const out: CatalogCounts = {
    levels: catalog.levels.length,
    levelsByKind: {},
    clauses: catalog.clauses.length,
    clausesByArea: {},
    clausesByRelease: {},
    testable: 0,
    untestableByReason: {},
    bySource: {},
    conflicts: catalog.conflicts.length,
  };
  for (const l of catalog.levels) count(out.levelsByKind, l.kind);
  for (const c of catalog.clauses) {
    count(out.clausesByArea, c.area);
    count(out.clausesByRelease, releaseLabel(c.level));
    count(out.bySource, c.source);
    if (c.testable === true) out.testable++;
    else count(out.untestableByReason, c.testable);
  }
  return out;
}

/** "12/40 (30%)", or "0/0" when nothing is testable. */
export function formatTally(t: Tally): string {
  return t.testable ? `${t.tested}/${t.testable} (${Math.round((100 * t.tested) / t.testable)}%)` : "0/0";
}
