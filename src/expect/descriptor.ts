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
  /**
   * The test's stable id, unique across the suites ("<primary clause>#<name>"): results, expectations files and
   * earlier runs know the test by it, so it stays as it is when the title or the clauses change. Every test of the
   * suites states it (SuiteBehaviourOptions; suites/test-ids.txt lists them all); a test of a project of its own
   * may leave it out, and is then known as "<primary clause>#<its title, lower case with dashes>".
   */
  id?: string;
  gate?: Gate;
  /**
   * Personas the test uses, in place of its suite's (a test that needs fewer, or others); a target without one of
   * them skips the test with that reason. The first is the persona the state invariant watches.
   */
  needs?: PersonaRole[];
  /** Personas the test uses besides its suite's (after them). */
  alsoNeeds?: PersonaRole[];
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

/** A suite's test states its id. */
export type SuiteBehaviourOptions = BehaviourOptions & { id: string };

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
