import { catalog } from "../catalog/catalog.ts";
import { MAX_FEATURE_LEVEL, MIN_FEATURE_LEVEL } from "../../reference-server/server.ts";
import { collectTests } from "../expect/collect.ts";
import type { Io } from "./usage.ts";

/**
 * The levels at which `npm test` runs the suites: the last level, and both sides (N-1 and N) of every level
 * and until of every clause a test names, within the levels the reference server emulates.
 */
export async function boundaryLevels(): Promise<number[]> {
  const out = new Set<number>([MAX_FEATURE_LEVEL]);
  const add = (n: number) => {
    if (n >= MIN_FEATURE_LEVEL && n <= MAX_FEATURE_LEVEL) out.add(n);
  };
  for (const d of await collectTests()) {
    for (const id of d.clauses) {
      const c = catalog().clause(id);
      if (!c) continue;
      for (const edge of [c.level, c.until]) {
        if (edge === undefined) continue;
        add(edge - 1);
        add(edge);
      }
    }
  }
  return [...out].sort((a, b) => a - b);
}

export async function levelsCommand(_argv: string[], io: Io): Promise<number> {
  io.out(JSON.stringify(await boundaryLevels()));
  return 0;
}
