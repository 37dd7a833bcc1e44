import type { PersonaRole } from "../target/personas.ts";
import type { TestInfo } from "./descriptor-info.ts";
import type { TestContext } from "./context.ts";

/**
 * since: runs where the target is inside the primary clause's range [level, until) — n/a elsewhere;
 * before: runs below the primary clause's level (the behaviour a server had before the change);
 * always: runs at every level, branching with t.fl.atLeast(n) on a level its clauses name.
 */
export type Gate = "since" | "before" | "always";

export interface BehaviourOptions {
  gate?: Gate;
  /** Personas the test uses; a target without one of them skips the test with that reason. */
  needs?: PersonaRole[];
  /** false: the test changes nothing on the server (it runs under --read-only). */
  mutates?: boolean;
  /**
   * Another of the test's clauses whose feature the test needs in order to observe anything: below that clause's
   * level the test is n/a (e.g. a "before FL309" test that needs a setting FL264 introduced).
   */
  from?: string;
  /**
   * The state invariant (src/expect/state/invariant.ts) that every mutating test runs by default: `{ off: reason }`
   * turns it off where it cannot hold (a throw-away organization, a restart that loses queues, a deliberately broken
   * state), `{ capabilities }` registers its watcher as the client the test is about.
   */
  invariant?: InvariantOption;
}

/** See BehaviourOptions.invariant. */
export type InvariantOption = { off: string } | { capabilities: Record<string, boolean> };

/** A test as data: the runner and the lint read it without running it. */
export interface Descriptor extends TestInfo {
  gate: Gate;
  from?: string;
  needs: PersonaRole[];
  mutates: boolean;
  invariant?: InvariantOption;
  run: (t: TestContext) => Promise<void>;
}
