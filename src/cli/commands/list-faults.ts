import type { Catalog } from "../../catalog/catalog.ts";
import { LAST_LEVEL } from "../../catalog/schema.ts";
import { faults, type Fault } from "../../../reference-server/faults.ts";

/** A fault of the reference server as `list --faults --json` prints it. */
export interface ListedFault {
  /** What `run --fault ID` (and sweep's) takes. */
  id: string;
  /** The one clause it breaks, its area and level in the catalog. */
  clause: string;
  area: string;
  clauseLevel: number | null;
  /** The level the fault self-test runs it at (test/self-test/faults-<area>.test.ts). */
  level: number;
  description: string;
  /** The level switch it flips, when it acts as a server on the other side of a boundary. */
  flips: string | null;
}

/** Every named fault of the reference server, by area (in the catalog's order) and id. */
export function listedFaults(cat: Catalog, area?: string): ListedFault[] {
  const order = new Map(cat.clauses.map((c, i) => [c.id, i]));
  return (Object.entries(faults) as [string, Fault][])
    .map(([id, f]): ListedFault => {
      const c = cat.clause(f.clause);
      return {
        id,
        clause: f.clause,
        area: c?.area ?? "unknown",
        clauseLevel: c?.level ?? null,
        level: f.level ?? LAST_LEVEL,
        description: f.description,
        flips: f.flips ?? null,
      };
    })
    .filter((f) => area === undefined || f.area === area)
    .sort((a, b) => (order.get(a.clause) ?? Infinity) - (order.get(b.clause) ?? Infinity) || a.id.localeCompare(b.id));
}

/** `list --faults`: one a line (id, area, the clause when it is not the id's, what it breaks), or one JSON array. */
export function printFaults(cat: Catalog, area: string | undefined, json: boolean, io: { out: (s: string) => void }): number {
  const shown = listedFaults(cat, area);
  if (json) {
    io.out(JSON.stringify(shown, null, 2));
    return 0;
  }
  const width = Math.max(0, ...shown.map((f) => f.id.length));
  const areaWidth = Math.max(0, ...shown.map((f) => f.area.length));
  for (const f of shown) {
    const clause = f.clause === f.id ? "" : `  (clause ${f.clause})`;
    const at = f.level === LAST_LEVEL ? "" : `  [self-test at FL ${f.level}]`;
    io.out(`${f.id.padEnd(width)}  ${f.area.padEnd(areaWidth)}  ${f.description}${clause}${at}`);
  }
  const total = Object.keys(faults).length;
  const clauses = new Set(shown.map((f) => f.clause)).size;
  io.out(
    `${shown.length}${shown.length === total ? "" : ` of ${total}`} faults of the reference server, breaking ${clauses} clause${clauses === 1 ? "" : "s"}: run --fault ID (repeatable) breaks one on purpose`,
  );
  return 0;
}
