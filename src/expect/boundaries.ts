// The catalog's range of levels, which is the reference server's (MIN_ and MAX_FEATURE_LEVEL of
// reference-server/server.ts; test/cli/help.test.ts checks they agree): every suite imports this module, and a
// worker that runs them against another target need not load the server.
import { FIRST_LEVEL, LAST_LEVEL } from "../catalog/words.ts";
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
      for (const n of [edge - 1, edge]) if (n >= FIRST_LEVEL && n <= LAST_LEVEL) out.add(n);
    }
  }
  return out;
}
