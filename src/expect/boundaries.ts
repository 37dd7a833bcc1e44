import { MAX_FEATURE_LEVEL, MIN_FEATURE_LEVEL } from "../../reference-server/server.ts";
import { catalog } from "../catalog/catalog.ts";
import type { Descriptor } from "./descriptor.ts";

/** The levels on both sides (N-1 and N) of every level and until of a test's clauses, within the emulated range. */
export function boundariesOf(d: Descriptor): Set<number> {
  const out = new Set<number>();
  for (const id of d.clauses) {
    const c = catalog().clause(id);
    if (!c) continue;
    for (const edge of [c.level, c.until]) {
      if (edge === undefined) continue;
      for (const n of [edge - 1, edge]) if (n >= MIN_FEATURE_LEVEL && n <= MAX_FEATURE_LEVEL) out.add(n);
    }
  }
  return out;
}
