import type { PersonaRole } from "../target/personas.ts";

/**
 * What a suite file declares once for all of its tests (defineSuite in src/expect/suite.ts), as data: the harness
 * reads how to run the file from here, never from a list kept elsewhere.
 */
export interface SuiteInfo {
  /** Suite file, relative to the project root (e.g. "suites/messages/send.test.ts"). */
  file: string;
  /** The personas each of its tests uses unless the test says otherwise (see BehaviourOptions.needs). */
  needs: PersonaRole[];
  /**
   * Its tests change organization-wide settings (PATCH /realm, defaults, email visibility), so no other test may
   * share their organization: against a reference server `run` gives the file an organization of its own (a
   * sibling, started with its first test and closed after its last) beside the others; against other servers it
   * runs such files after the rest, one at a time.
   */
  isolated: boolean;
  /**
   * Its tests mostly wait out the target's timers (deliveries coming due, heartbeats): `run` starts the file first,
   * so that its waits run alongside the other files, and runs its tests side by side, so they must share no state.
   */
  waiting: boolean;
}
