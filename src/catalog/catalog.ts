import { loadCatalogData, type RawCatalog } from "./load.ts";
import type { Clause, Conflict, LevelEntry, Release } from "./schema.ts";

/** The spec as data, indexed. Built once per process. */
export class Catalog {
  readonly levels: readonly LevelEntry[];
  readonly clauses: readonly Clause[];
  readonly conflicts: readonly Conflict[];
  private readonly byId = new Map<string, Clause>();
  private readonly byLevel = new Map<number, LevelEntry>();

  constructor(raw: RawCatalog) {
    this.levels = raw.levels;
    this.clauses = raw.clauses;
    this.conflicts = raw.conflicts;
    for (const c of raw.clauses) this.byId.set(c.id, c);
    for (const l of raw.levels) this.byLevel.set(l.level, l);
  }

  clause(id: string): Clause | undefined {
    return this.byId.get(id);
  }

  mustClause(id: string): Clause {
    const c = this.byId.get(id);
    if (!c) throw new Error(`unknown clause id '${id}' (not in the catalog)`);
    return c;
  }

  level(level: number): LevelEntry | undefined {
    return this.byLevel.get(level);
  }

  releaseOf(level: number): Release | undefined {
    return this.byLevel.get(level)?.release;
  }

  /** Whether a server at `fl` is inside the clause's range [level, until). */
  appliesAt(clause: Clause, fl: number): boolean {
    return fl >= clause.level && (clause.until === undefined || fl < clause.until);
  }
}

let cached: Catalog | undefined;
export function catalog(): Catalog {
  cached ??= new Catalog(loadCatalogData());
  return cached;
}
