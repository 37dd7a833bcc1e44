import { catalog } from "../catalog/catalog.ts";
import { testedClause } from "../client/test-header.ts";

/**
 * The suite's deliberate probes of a level's edges. A test of a clause that a level adds or removes sends that
 * clause's endpoint or parameter to servers on both sides of the level, to see the server refuse or ignore it
 * ("before FL267 POST /invites ignores notify_referrer_on_join"): that is the clause's own check, not a client
 * relying on what its server lacks, which is what the proxy's request warnings are for. The harness names the test
 * of every request in TEST_HEADER (src/client/test-header.ts); a request warning is a probe when the test's
 * primary clause is the warning's clause, or names the warning's endpoint (and parameter) in its endpoints and its
 * words. Only request warnings are ever excused: whatever the server answers is checked as for any client.
 */
export function isProbe(header: string | undefined, clause: string, endpoint?: string, param?: string): boolean {
  const tested = testedClause(header);
  if (tested === undefined) return false;
  if (tested === clause) return true;
  if (endpoint === undefined) return false;
  const c = catalog().clause(tested);
  return c !== undefined && c.endpoints.includes(endpoint) && (param === undefined || c.says.includes(param));
}
