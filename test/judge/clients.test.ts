import { describe, expect, it } from "vitest";
import { TEST_HEADER } from "../../src/client/test-header.ts";
import { ClientJudge } from "../../src/judge/judge.ts";
import { addClientRows, clientExitCode, clientSessionResults, judgedSessionResults } from "../../src/judge/results.ts";
import { clientOfRow } from "../../src/results/client-rows.ts";
import { ResultsSchema } from "../../src/results/schema.ts";
import { judged, rowOf, START, Traffic, twoClients } from "./traffic.ts";

/**
 * Clients are judged apart: an account with a User-Agent is one client, so two in one session get rows of their
 * own, one account's two apps too; this tool's own run (its test header) is not judged; and the rows make a results
 * document whose verdict and --fail-on follow the clauses' strengths.
 */
describe("the client judge's clients", () => {
  it("two clients interleaved in one session are judged apart: the naive one fails, the careful one passes", async () => {
    const rows = await judged(twoClients());
    expect(rows).toHaveLength(16);
    expect(rowOf(rows, "client.acknowledges-events", "naive@example.com (naive/1)").status).toBe("fail");
    expect(rowOf(rows, "client.acknowledges-events", "careful@example.com (careful/2)").status).toBe("pass");
    expect(rowOf(rows, "client.deletes-queue", "naive@").status).toBe("fail");
    expect(rowOf(rows, "client.deletes-queue", "careful@").status).toBe("pass");
    expect(rowOf(rows, "client.deletes-queue", "careful@").id).toBe("client/careful@example.com (careful/2)/deletes-queue");
  });

  it("one account with two User-Agents is two clients; the suite's own traffic (its test header) is none", async () => {
    const web = new Traffic("alice@example.com", "web/1");
    web.client("alice@example.com", "mobile/1").register("m1");
    web.send("GET", "/users/me");
    web.client("suite@example.com", "other").send("GET", "/users/me", { requestHeaders: { [TEST_HEADER]: "fl153.x.y#t" } });
    const ids = new Set((await judged(web)).map(clientOfRow));
    expect([...ids].sort()).toEqual(["alice@example.com (mobile/1)", "alice@example.com (web/1)"]);
  });

  it("the rows in a results document: a must client clause failing is a must problem (exit 1 with --fail-on error), a should one a warning", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    t.register("q1");
    const judge = new ClientJudge({ featureLevel: 372, product: "zulip" });
    for (const ex of t.exchanges) await judge.observe(ex);
    const shouldOnly = clientSessionResults({ targetUrl: "http://target.test", featureLevel: 372, product: "zulip", startedAt: new Date(), judge });
    expect(ResultsSchema.parse(shouldOnly).summary).toMatchObject({ total: 8, mustProblems: 0, shouldFailures: 1 });
    expect(shouldOnly.tests.find((r) => r.status === "fail")).toMatchObject({ area: "client", strength: "should", clauses: ["client.deletes-queue"] });
    expect(clientExitCode(shouldOnly.tests, "error")).toBe(0);
    expect(clientExitCode(shouldOnly.tests, "warning")).toBe(1);
    expect(shouldOnly.partial?.reasons).toEqual(["the client clauses judge only what the traffic exercised: 1 client seen, 6 of 8 rows not exercised"]);

    t.poll("q1", 5);
    const rows = await judged(t);
    const results = addClientRows(structuredClone(shouldOnly), []);
    results.tests = results.tests.filter((r) => r.area !== "client");
    addClientRows(results, rows);
    expect(results.summary.mustProblems).toBe(1);
    expect(results.firstFailure).toMatchObject({ clause: "client.acknowledges-events", level: 153 });
    expect(clientExitCode(results.tests, "error")).toBe(1);
  });

  it("a recorded session judged at once (what serve --quirks hands over) gives the same rows", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    t.register("q1");
    t.poll("q1", 7);
    const results = await judgedSessionResults([...t.exchanges].reverse(), {
      targetUrl: "http://target.test",
      featureLevel: 372,
      product: "zulip",
      startedAt: new Date(START),
      endedAt: t.now,
    });
    const statuses = (rows: ReadonlyArray<{ id: string; status: string }>) => Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(statuses(ResultsSchema.parse(results).tests)).toEqual(statuses(await judged(t)));
    expect(results.summary.mustProblems).toBe(1);
  });

  it("asked twice, the judge gives the same rows: a verdict changes nothing (a proxy's report is asked for as often as its caller likes)", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    t.register("q1");
    t.badQueue("q1", -1);
    t.badQueue("q1", -1);
    t.badQueue("q1", -1);
    t.register("q2");
    const judge = new ClientJudge({ featureLevel: 372, product: "zulip" });
    for (const ex of t.exchanges) await judge.observe(ex);
    const first = judge.results(t.now + 60_000);
    expect(judge.results(t.now + 60_000)).toEqual(first);
    expect(rowOf(first, "client.reregisters-after-bad-queue").title).toMatch(/broken on 1 of 1 BAD_EVENT_QUEUE_ID answers$/);
    expect(rowOf(first, "client.deletes-queue").title).toMatch(/broken on 1 of 2 queues registered$/);
  });
});
