import type { LevelSwitchName } from "../levels.ts";

/**
 * A named fault (mutant) for the suite's self-test: it breaks one clause and nothing else. It either flips a level
 * switch (the server acts, for that behaviour only, as a server on the other side of the boundary) or names a
 * hook that a handler checks with `rt.faulty(id)`. `level` is the feature level the self-test runs it at
 * (default 372).
 */
export interface Fault {
  clause: string;
  description: string;
  flips?: LevelSwitchName;
  level?: number;
}
