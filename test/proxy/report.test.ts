import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createReferenceServer } from "../../reference-server/server.ts";
import { ResultsSchema } from "../../src/results/schema.ts";
import { verdictOf } from "../../src/results/verdict.ts";
import { writeReports } from "../../src/report/write.ts";
import { startProxy } from "../../src/proxy/proxy.ts";
import { exitCodeOf } from "../../src/proxy/report.ts";
import { isClientRow } from "../../src/results/client-rows.ts";
import { session } from "./drive.ts";

/**
 * Findings as a report (issue #15, point 3): the session becomes the results document `run` writes, one row per
 * clause — failing with the violation's clause words, want and got, exchange and curl line, passing when checked
 * and never broken — rendered as results.json, HTML and JUnit; warnings are should-rows; --fail-on sets the code.
 */
describe("the proxy's report", () => {
  it("a session against a server with fl272.uploads.uri-alias broken: a failing row with its exchange and curl line, the rest passing", async () => {
    const server = await createReferenceServer({ featureLevel: 372, port: 0, heartbeatMs: 300, faults: ["fl272.uploads.uri-alias"] });
    const proxy = await startProxy({ target: server.url });
    const out = mkdtempSync(join(tmpdir(), "cc-proxy-report-"));
    try {
      await session(proxy.url, server.personas.member!, server.personas.secondMember!, 372);
      await proxy.settled();
      const results = ResultsSchema.parse(proxy.results());
      // The scripted session is also judged as a client (test/judge covers those rows): here, the spec's rows.
      const failing = results.tests.filter((t) => t.status === "fail" && !isClientRow(t));
      expect(failing.map((t) => t.clauses[0])).toEqual(["fl272.uploads.uri-alias"]);
      const row = failing[0]!;
      expect(row).toMatchObject({ strength: "must", level: 272, area: "uploads" });
      expect(row.exchanges[0]).toMatchObject({ method: "POST", status: 200 });
      expect(row.exchanges[0]!.url).toBe(`${server.url}/api/v1/user_uploads`);
      // The credentials never reach the report: the account only, and $API_KEY in the curl line.
      expect(JSON.stringify(row)).not.toContain(server.personas.member!.apiKey);
      expect(row.curl).toContain(`-u "${server.personas.member!.email}:$API_KEY"`);
      expect(row.failure).toMatchObject({ clause: "fl272.uploads.uri-alias", got: "absent", curl: row.curl });
      expect(results.tests.filter((t) => t.status === "pass").map((t) => t.clauses[0])).toEqual(
        expect.arrayContaining(["fl153.server.json-response", "fl153.events.envelope"]),
      );
      expect(results).toMatchObject({ verifiedLevel: null, summary: { mustProblems: 1 }, firstFailure: { clause: "fl272.uploads.uri-alias" } });
      expect(results.partial?.reasons[0]).toMatch(/proxy session checks only the traffic/);
      expect(verdictOf(results).state).toBe("red");
      writeReports(out, results);
      expect(readFileSync(join(out, "junit.xml"), "utf8")).toContain("fl272.uploads.uri-alias");
      expect(readFileSync(join(out, "index.html"), "utf8")).toContain("curl -sS -X POST");
      expect(ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8"))).tests.length).toBe(results.tests.length);
      expect(exitCodeOf(proxy.findings, "error")).toBe(1);
    } finally {
      rmSync(out, { recursive: true, force: true });
      await proxy.close();
      await server.close();
    }
  });

  it("warnings only: should-rows, a verdict that is not red, exit 0 with --fail-on error and 1 with --fail-on warning", async () => {
    const server = await createReferenceServer({ featureLevel: 300, port: 0 });
    const proxy = await startProxy({ target: server.url });
    try {
      const res = await fetch(`${proxy.url}/api/v1/register`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${server.personas.member!.email}:${server.personas.member!.apiKey}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: 'event_types=["message"]&client_capabilities={"notification_settings_null":true,"empty_topic_name":true}',
      });
      await res.text();
      await proxy.settled();
      const results = proxy.results();
      expect(results.tests.filter((t) => t.status === "fail").map((t) => [t.clauses[0], t.strength])).toEqual([
        ["client.deletes-queue", "should"],
        ["fl334.register.capability-empty-topic-name", "should"],
      ]);
      // The register's queue is never deleted: the client judge's should-row is the other warning.
      expect(results.summary).toMatchObject({ mustProblems: 0, shouldFailures: 2 });
      expect(verdictOf(results).state).not.toBe("red");
      expect(exitCodeOf(proxy.findings, "error")).toBe(0);
      expect(exitCodeOf(proxy.findings, "warning")).toBe(1);
    } finally {
      await proxy.close();
      await server.close();
    }
  });
});
