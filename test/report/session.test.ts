import { describe, expect, it } from "vitest";
import { judgedSessionResults } from "../../src/judge/results.ts";
import { sessionResults } from "../../src/proxy/report.ts";
import { badgeOf } from "../../src/report/badge.ts";
import { renderHtml } from "../../src/report/html.ts";
import { renderSummary } from "../../src/report/summary.ts";
import { ResultsSchema } from "../../src/results/schema.ts";
import { verdictOf } from "../../src/results/verdict.ts";
import { results as runResults, tr } from "./fixtures.ts";
import { START, Traffic, twoClients, twoClientsSession } from "../judge/traffic.ts";

/**
 * A document of live traffic (a proxy session, serve --quirks's client judge) is not a run of the suites: its page
 * says which it is, claims no level (neither "Conforming" nor "No level verified"), shows the clients against the
 * client clauses in one table, and leaves out what only a run has (the state invariant; for the client judge the
 * catalog's coverage and the level grid, which would say "none").
 */
const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
const sectionIds = (html: string) => [...html.matchAll(/<section[^>]* aria-labelledby="(h-[a-z-]+)"/g)].map((m) => m[1]);

describe("the report of a session of live traffic", () => {
  it("serve --quirks's client judge: headed as a client report, a client × clause table linking each cell to its row, no catalog sections", async () => {
    const doc = ResultsSchema.parse(await twoClientsSession());
    expect(doc.session).toBe("client-judge");
    const html = renderHtml(doc);
    expect(heading(html)).toBe("Client conformance report");
    // A recorded session lasts from its start to its end, not to the moment it is judged.
    expect(doc.durationMs).toBe(twoClients().now - START);
    expect(html).toContain("<title>Client conformance: zulip FL 372 at http://target.test</title>");
    expect(sectionIds(html)).toEqual(["h-verdict", "h-clients", "h-summary", "h-tests"]);
    expect(html).not.toContain("No level verified");
    expect(html).toContain("Live traffic judged");
    // The client clauses have no level of their own: the first failure names its clause only.
    expect(html).toMatch(/First failure: clause <code>client\.acknowledges-events<\/code>/);
    const table = /<table class="grid-table clients">([\s\S]*?)<\/table>/.exec(html)![1]!;
    const rows = [...table.matchAll(/<tr><th scope="row">([^<]*)<\/th>([\s\S]*?)<\/tr>/g)];
    expect(rows.map((r) => r[1])).toEqual(["careful@example.com (careful/2)", "naive@example.com (naive/1)"]);
    // Each cell links to the test list's row of that client and clause.
    for (const [, client, cells] of rows) {
      const links = [...cells!.matchAll(/href="#t(\d+)"[^>]*>([^<]*)</g)];
      expect(links).toHaveLength(8);
      for (const [, index, word] of links) {
        const t = doc.tests[Number(index)]!;
        expect(t.id.startsWith(`client/${client}/`)).toBe(true);
        expect(word).toBe(t.status === "n/a" ? "not exercised" : t.status);
      }
    }
    expect(table).toMatch(/naive@example\.com \(naive\/1\)[\s\S]*s-fail/);
    expect(renderSummary(doc)).toMatch(/^Verified: live traffic judged: a session claims no level; first failure: client\.acknowledges-events$/m);
    expect(renderSummary(doc)).not.toContain("Coverage:");
    expect(renderSummary(doc)).toMatch(/^Result: {3}NOT CONFORMING/m);
  });

  it("a clean client session is 'No violation seen', never 'Conforming', in the page, the text summary and the badge", async () => {
    const t = new Traffic("careful@example.com", "careful/2");
    t.register("c1", 3);
    t.poll("c1", 3, { events: [4] });
    t.poll("c1", 4);
    t.deleteQueue("c1");
    const doc = await judgedSessionResults(t.exchanges, {
      targetUrl: "http://target.test",
      featureLevel: 372,
      product: "zulip",
      startedAt: new Date(START),
      endedAt: t.now,
    });
    expect(doc.summary.mustProblems).toBe(0);
    expect(verdictOf(doc)).toMatchObject({ state: "green", word: "No violation seen" });
    expect(renderSummary(doc)).toMatch(/^Result: {3}NO VIOLATION SEEN \(0 must-clause problems/m);
    expect(badgeOf(doc).message).toBe("no violation seen");
    expect(renderHtml(doc)).toContain("No violation: every must clause the traffic exercised held.");
  });

  it("a proxy session: headed as one, its catalog coverage as what the traffic checked, no state invariant section", () => {
    const doc = sessionResults({
      targetUrl: "http://target.test",
      level: { featureLevel: 300, product: "chat", notes: [] },
      startedAt: new Date(START),
      findings: [],
      counts: new Map(),
      checked: new Map([["fl153.server.json-response", 4]]),
      exchanges: 4,
      events: 0,
    });
    expect(doc.session).toBe("proxy");
    const html = renderHtml(doc);
    expect(heading(html)).toBe("Proxy session report");
    expect(sectionIds(html)).toEqual(["h-verdict", "h-summary", "h-coverage", "h-grid", "h-tags", "h-tests"]);
    expect(html).toContain("were checked on live traffic");
    expect(renderSummary(doc)).toMatch(/^Coverage: 1\/\d+ testable clauses that apply at FL 300 checked on live traffic/m);
    expect(verdictOf(doc).word).toBe("No violation seen");
  });

  it("a run of the suites keeps its own words: 'Conformance report', a level, every section", () => {
    const run = runResults([tr({ id: "a", status: "pass", level: 153 })], { eventCoverage: [] });
    expect(run.session).toBeUndefined();
    const html = renderHtml(run);
    expect(heading(html)).toBe("Conformance report");
    expect(sectionIds(html)).toEqual(expect.arrayContaining(["h-coverage", "h-events", "h-grid", "h-tags"]));
    expect(sectionIds(html)).not.toContain("h-clients");
    expect(verdictOf(run).word).not.toMatch(/violation/i);
  });
});
