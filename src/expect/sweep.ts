import { FIRST_LEVEL, LAST_LEVEL } from "../catalog/schema.ts";

/** Levels at which every test runs in `npm test`: the catalog floor, the release levels and the last level. */
export const FULL_SWEEP_LEVELS: readonly number[] = [FIRST_LEVEL, 185, 237, 277, 371, LAST_LEVEL];

/**
 * The level sweep of `npm test` (vitest's `provide: { sweep }`): each test runs against an embedded reference
 * server at every level in `levels`, and with `boundaries` also at both sides of each of its own boundaries.
 */
export interface Sweep {
  levels: number[];
  boundaries: boolean;
  /** Clauses every server of the sweep breaks on purpose (`sweep --fault`), to prove the sweep catches them. */
  faults?: string[];
}

declare module "vitest" {
  interface ProvidedContext {
    sweep?: Sweep;
  }
}
