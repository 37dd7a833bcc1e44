/**
 * The request header that names the suite's test a request belongs to: every request a test makes (t.api) carries
 * it, so that a server's logs, and the validation proxy, can tell which test sent what. The proxy reads it to tell
 * the suite's deliberate probes of a level's edges (a test of FL 267's parameter sending it to a server of FL 250,
 * to see it ignored) from a client relying on what its server lacks (src/proxy/probes.ts).
 */
export const TEST_HEADER = "x-chat-conformance-test";

/** A test id as a header value: visible ASCII only (ids are clause ids and slugs; anything else is escaped). */
export function testHeaderValue(testId: string): string {
  return testId.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));
}

/** The primary clause of the test a request names: the part of its test id before `#`. */
export function testedClause(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const clause = header.split("#")[0]!.trim();
  return clause === "" ? undefined : clause;
}
