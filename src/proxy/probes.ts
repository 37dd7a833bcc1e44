import { catalog } from "../catalog/catalog.ts";
import { testOf } from "../client/test-header.ts";

/** A request warning as the checks see it: its clause, what it is about, and the level that added or removed that. */
export interface RequestWarning {
  clause: string;
  /** The endpoint, spec names ("POST /invites"), and the parameter (or capability) when it is one. */
  endpoint?: string;
  param?: string;
  /** The level that brought it in (the target is below it) or took it out (the target is at or past it). */
  added?: number;
  removed?: number;
}

/**
 * The suite's deliberate probes of a level's edges. A test of a clause that a level adds or removes sends that
 * level's endpoint or parameter to servers on both sides of it, to see the server refuse or ignore it ("before
 * FL267 POST /invites ignores notify_referrer_on_join"): that is the clause's own check, not a client relying on
 * what its server lacks, which is what the proxy's request warnings are for. The harness names the test of every
 * request, and the levels its clauses name, in TEST_HEADER (src/client/test-header.ts). A request warning is a
 * probe when
 * - the test's primary clause is the warning's, or names its endpoint (and parameter) in its endpoints and words;
 * - it is about something added at FL n and the test names a level at or past n: a test runs below its own
 *   clauses' levels only when it checks what servers did before them (gate before or always), and what it uses of
 *   levels up to its own there is that check's setup or probe;
 * - it is about something removed at FL n and the test names n (it checks the removal).
 * Only request warnings are ever excused: whatever the server answers is checked as for any client.
 */
export function isProbe(header: string | undefined, w: RequestWarning): boolean {
  const test = testOf(header);
  if (test === undefined) return false;
  if (test.clause === w.clause) return true;
  if (w.added !== undefined && test.levels.some((l) => l >= w.added!)) return true;
  if (w.removed !== undefined && test.levels.includes(w.removed)) return true;
  if (w.endpoint === undefined) return false;
  const c = catalog().clause(test.clause);
  return c !== undefined && c.endpoints.includes(w.endpoint) && (w.param === undefined || c.says.includes(w.param));
}
