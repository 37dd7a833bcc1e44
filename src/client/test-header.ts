/**
 * The request header that names the suite's test a request belongs to: every request a test makes (t.api) carries
 * it, so that a server's logs, and the validation proxy, can tell which test sent what. The proxy reads it to tell
 * the suite's deliberate probes of a level's edges (a test of FL 267's parameter sending it to a server of FL 250,
 * to see it ignored) from a client relying on what its server lacks (src/proxy/probes.ts).
 */
export const TEST_HEADER = "x-chat-conformance-test";

/**
 * The header's value: the test id, then the levels its clauses name (their levels and untils), which the test
 * branches on: "fl267.invitations.notify-referrer-field#get-invites-shows…; levels=267". Visible ASCII only (ids are
 * clause ids and slugs; anything else is escaped).
 */
export function testHeaderValue(testId: string, levels: readonly number[] = []): string {
  const id = testId.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c)).replace(/;/g, "%3B");
  return levels.length ? `${id}; levels=${levels.join(",")}` : id;
}

/** What a request's header says: the test's primary clause (its id before `#`) and its levels. */
export function testOf(header: string | undefined): { clause: string; levels: number[] } | undefined {
  if (header === undefined) return undefined;
  const [id = "", ...rest] = header.split(";").map((x) => x.trim());
  const clause = id.split("#")[0]!;
  if (clause === "") return undefined;
  const levels = (rest.find((x) => x.startsWith("levels="))?.slice("levels=".length) ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return { clause, levels };
}
