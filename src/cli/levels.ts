import { collectTests } from "../expect/collect.ts";
import { boundariesOf } from "../expect/boundaries.ts";
import { FULL_SWEEP_LEVELS } from "../expect/sweep.ts";
import { parseOptions } from "./options.ts";
import { LEVELS } from "./specs/levels.ts";
import type { Io } from "./usage.ts";

/**
 * The sweep `npm test` runs, by level: every suite file at the full-sweep levels; at every other boundary level the
 * files holding a test with a boundary there (inside them only those tests run there: see behaviour()).
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

export async function levelsCommand(argv: string[], io: Io): Promise<number> {
  // It takes no options (and no words), but says so rather than ignoring a mistyped line.
  parseOptions(LEVELS, argv);
  io.out(JSON.stringify(await sweepPlan()));
  return 0;
}
