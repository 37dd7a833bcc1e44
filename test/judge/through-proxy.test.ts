import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { describe, expect, it } from "vitest";
import { createReferenceServer, type PersonaCredentials } from "../../reference-server/server.ts";
import { clientLines } from "../../src/judge/results.ts";
import { clientOfRow, isClientRow } from "../../src/results/client-rows.ts";
import { startProxy } from "../../src/proxy/proxy.ts";
import { QuirkEngine } from "../../src/quirks/engine.ts";
import { exitCodeOf, sessionHeadline } from "../../src/proxy/report.ts";
import { writeReports } from "../../src/report/write.ts";
import { ResultsSchema } from "../../src/results/schema.ts";

/**
 * The client judge in the proxy's report (issue 25, item 3): two scripted clients through the real proxy in front
 * of the reference server, one careful and one naive, come out as client rows of results.json, HTML and JUnit
 * beside the spec's rows, each judged apart, and --fail-on counts them (a must client clause: error).
 */
function client(base: string, p: PersonaCredentials | undefined, agent: string) {
  return async (method: string, path: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = { "user-agent": agent };
    if (p) headers.authorization = `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await request(`${base}/api/v1${path}`, { method: method as "GET", headers, body: form ? new URLSearchParams(form).toString() : null });
    return (await res.body.json()) as Record<string, unknown>;
  };
}

const ids = (events: unknown): number[] => (Array.isArray(events) ? events.map((e) => Number((e as { id: unknown }).id)) : []);

describe("the client rows of a proxy session", () => {
  it("a careful client passes what it exercised, a naive one fails acknowledges-events (must) and deletes-queue (should), each naming its exchange", async () => {
    const server = await createReferenceServer({ featureLevel: 372, port: 0, heartbeatMs: 300 });
    const proxy = await startProxy({ target: server.url });
    const out = mkdtempSync(join(tmpdir(), "cc-judge-proxy-"));
    try {
      const careful = client(proxy.url, server.personas.member, "careful-app/1.0");
      await client(proxy.url, undefined, "careful-app/1.0")("GET", "/server_settings");
      const reg = await careful("POST", "/register", { event_types: '["message"]', client_capabilities: '{"notification_settings_null":true}' });
      const queue = String(reg.queue_id);
      await careful("POST", "/messages", { type: "stream", to: "general", topic: "judge", content: "careful" });
      let last = Number(reg.last_event_id);
      const first = await careful("GET", `/events?queue_id=${queue}&last_event_id=${last}`);
      last = Math.max(last, ...ids(first.events));
      await careful("GET", `/events?queue_id=${queue}&last_event_id=${last}`);
      await careful("DELETE", `/events?queue_id=${queue}`);

      const naive = client(proxy.url, server.personas.secondMember, "naive-app/0.1");
      const nreg = await naive("POST", "/register", { event_types: '["message"]' });
      await naive("POST", "/messages", { type: "stream", to: "general", topic: "judge", content: "naive" });
      await naive("GET", `/events?queue_id=${String(nreg.queue_id)}&last_event_id=-1`);
      await naive("GET", `/events?queue_id=${String(nreg.queue_id)}&last_event_id=-1`);
      await proxy.settled();

      const results = ResultsSchema.parse(proxy.results());
      const rows = results.tests.filter(isClientRow);
      const carefulName = `${server.personas.member!.email} (careful-app/1.0)`;
      const naiveName = `${server.personas.secondMember!.email} (naive-app/0.1)`;
      expect(new Set(rows.map(clientOfRow))).toEqual(new Set([carefulName, naiveName]));
      expect(rows).toHaveLength(16);
      const status = (who: string) => Object.fromEntries(rows.filter((r) => clientOfRow(r) === who).map((r) => [r.clauses[0], r.status]));
      expect(status(carefulName)).toEqual({
        "client.reregisters-after-bad-queue": "n/a",
        "client.honours-retry-after": "n/a",
        "client.backs-off-on-5xx": "n/a",
        "client.acknowledges-events": "pass",
        "client.declares-capabilities": "n/a",
        "client.checks-feature-level": "n/a",
        "client.request-rate": "pass",
        "client.deletes-queue": "pass",
      });
      expect(status(naiveName)).toMatchObject({ "client.acknowledges-events": "fail", "client.deletes-queue": "fail", "client.request-rate": "pass" });
      const ack = rows.find((r) => clientOfRow(r) === naiveName && r.clauses[0] === "client.acknowledges-events")!;
      expect(ack).toMatchObject({ strength: "must", level: 153, area: "client" });
      expect(ack.failure?.exchange?.url).toBe(`${server.url}/api/v1/events?queue_id=${String(nreg.queue_id)}&last_event_id=-1`);
      expect(ack.failure?.got).toMatch(/^last_event_id -1: the events after -1 up to \d+ are asked for again \(re-delivered\)$/);
      expect(ack.curl).toContain(`-u "${server.personas.secondMember!.email}:$API_KEY"`);
      expect(JSON.stringify(rows)).not.toContain(server.personas.secondMember!.apiKey);
      expect(results.firstFailure).toMatchObject({ clause: "client.acknowledges-events" });

      expect(exitCodeOf(proxy.findings, "error", results.tests)).toBe(1);
      expect(clientLines(results.tests)).toEqual([
        expect.stringMatching(/^client violation \[client\.acknowledges-events\] .*naive-app.*: want: last_event_id \d+: /),
        expect.stringMatching(/^client warning \[client\.deletes-queue\] /),
      ]);
      expect(sessionHeadline(results, proxy.counts, proxy.findings)).toMatch(
        /; clients: 2 judged on \d+ client clause rows, 1 must and 1 should client clause rows broken$/,
      );

      writeReports(out, results);
      const written = ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8")));
      expect(written.tests.filter(isClientRow)).toHaveLength(16);
      expect(readFileSync(join(out, "junit.xml"), "utf8")).toContain("client.acknowledges-events");
      expect(readFileSync(join(out, "index.html"), "utf8")).toContain("client.deletes-queue");
    } finally {
      rmSync(out, { recursive: true, force: true });
      await proxy.close();
      await server.close();
    }
  });

  it("under proxy --inject queue-expiry: the naive client polling its dead queue fails reregisters-after-bad-queue, the careful one passes", async () => {
    const server = await createReferenceServer({ featureLevel: 372, port: 0, heartbeatMs: 200 });
    const quirks = new QuirkEngine({ quirks: ["queue-expiry"], seed: 1, level: { featureLevel: 372, product: "chat" } });
    const proxy = await startProxy({ target: server.url, quirks });
    try {
      /** Eight polls; on BAD_EVENT_QUEUE_ID the careful client registers again, the naive one polls on. */
      const drive = async (call: ReturnType<typeof client>, careful: boolean) => {
        let reg = await call("POST", "/register", { event_types: '["message"]' });
        let last = Number(reg.last_event_id);
        for (let i = 0; i < 8; i++) {
          const res = await call("GET", `/events?queue_id=${String(reg.queue_id)}&last_event_id=${last}`);
          if (res.code === "BAD_EVENT_QUEUE_ID" && careful) {
            reg = await call("POST", "/register", { event_types: '["message"]' });
            last = Number(reg.last_event_id);
          } else last = Math.max(last, ...ids(res.events));
        }
        if (careful) await call("DELETE", `/events?queue_id=${String(reg.queue_id)}`);
      };
      await Promise.all([
        drive(client(proxy.url, server.personas.member, "careful-app/1.0"), true),
        drive(client(proxy.url, server.personas.secondMember, "naive-app/0.1"), false),
      ]);
      await proxy.settled();
      expect(quirks.log.filter((f) => f.quirk === "queue-expiry").length).toBeGreaterThan(1);
      const rows = proxy.results().tests.filter((t) => isClientRow(t) && t.clauses[0] === "client.reregisters-after-bad-queue");
      const by = Object.fromEntries(rows.map((r) => [clientOfRow(r).split(" ")[1], r]));
      expect(by["(careful-app/1.0)"]?.status, by["(careful-app/1.0)"]?.message).toBe("pass");
      const naive = by["(naive-app/0.1)"]!;
      expect(naive.status).toBe("fail");
      expect(naive.failure?.got).toMatch(
        /^poll 2 of the dead queue, \d+ ms after its BAD_EVENT_QUEUE_ID answer, no register between \(made by the queue-expiry quirk\)$/,
      );
      expect(naive.failure?.exchange?.status).toBe(400);
      // The quirk's answers are the proxy's own: never a spec finding about the target.
      expect(proxy.findings).toEqual([]);
    } finally {
      await proxy.close();
      await server.close();
    }
  });
});
