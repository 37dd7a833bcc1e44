import { MAX_FEATURE_LEVEL, MIN_FEATURE_LEVEL } from "../../reference-server/server.ts";
import { collectTests } from "../expect/collect.ts";
import { boundariesOf } from "../expect/boundaries.ts";
import type { Io } from "./usage.ts";

/** Levels at which the whole suite runs: the last level, the release levels, and the catalog floor. */
export const FULL_SWEEP_LEVELS = [MIN_FEATURE_LEVEL, 185, 237, 277, 371, MAX_FEATURE_LEVEL];

/**
 * The sweep `npm test` runs: at the full-sweep levels every suite file; at every other boundary level only the
 * files holding a test with a boundary there (and, inside them, only those tests: see behaviour()).
 */
export async function sweepPlan(): Promise<Record<string, string[] | "all">> {
  const plan: Record<string, string[] | "all"> = {};
  for (const l of FULL_SWEEP_LEVELS) plan[l] = "all";
  for (const d of await collectTests()) {
    for (const l of boundariesOf(d)) {
      const entry = plan[l];
      if (entry === "all") continue;
      const files = entry ?? (plan[l] = []);
      if (!files.includes(d.file)) files.push(d.file);
    }
  }
  return plan;
}

export async function levelsCommand(_argv: string[], io: Io): Promise<number> {
  io.out(JSON.stringify(await sweepPlan()));
  return 0;
}
