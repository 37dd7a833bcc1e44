import type { TestContext } from "../../src/expect/context.ts";
import { assertFeedAlive } from "../../src/expect/events-feed.ts";
import { BlockedError } from "../../src/expect/failure.ts";
import { StateWatch } from "../../src/expect/state/invariant.ts";
import type { Persona, PersonaRole } from "../../src/target/personas.ts";
import type { TargetInfo } from "../../src/target/target.ts";

/**
 * A state watcher of the test's own (StateWatch.start) for a user the runner's watcher is not: a persona of a
 * throw-away organization, or a user the test made. It is attached to the test (its comparisons count in the
 * test's invariant record) and its queue deleted when the test ends (on a throw-away organization it goes with the
 * organization: a late delete could reach a later organization on the same port); the test applies and compares with
 * `watch.check(t.exchanges)` where it wants the state verified. A register that fails blocks the test, and so does
 * an events feed the run has shown dead (a watcher would only wait on it).
 */
export async function ownWatcher(
  t: TestContext,
  target: TargetInfo,
  who: PersonaRole | Persona,
  capabilities: Record<string, boolean> = {},
): Promise<StateWatch> {
  assertFeedAlive(target);
  const started = await StateWatch.start(target, who, capabilities, []);
  if (typeof started === "string") throw new BlockedError(`prerequisite failed: start a state watcher\n${started}`);
  if (target.url === t.target.url) t.cleanup("the state watcher's event queue", () => started.close());
  return t.watching(started);
}
