import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";
import { startProxy, type Proxy } from "../../src/proxy/proxy.ts";
import { client } from "./drive.ts";

/**
 * Request-level warnings (issue #15, point 2): a client that uses what its server's level does not offer is
 * warned — a parameter of a later level, a capability the level lacks, a value form of a later level, an endpoint
 * of a later level — and the same requests at a level that offers them are not. Warnings never make the exit code
 * 1 unless --fail-on warning.
 */
describe.each([
  [300, true],
  [372, false],
])("a client of FL372's API against a server at FL%i", (fl, warned) => {
  let server: ReferenceServer;
  let proxy: Proxy;

  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: fl, port: 0, heartbeatMs: 300 });
    proxy = await startProxy({ target: server.url });
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  const warnings = () => proxy.findings.filter((f) => f.severity === "warning").map((f) => f.clause);

  it(`declares empty_topic_name (FL334) at register: ${warned ? "a warning of fl334.register.capability-empty-topic-name" : "nothing"}`, async () => {
    const { call } = client(proxy.url, server.personas.member!);
    await call("POST", "/register", { event_types: '["message"]', client_capabilities: '{"notification_settings_null": true, "empty_topic_name": true}' });
    await proxy.settled();
    if (warned) expect(warnings()).toContain("fl334.register.capability-empty-topic-name");
    else expect(warnings()).toEqual([]);
  });

  it(`sends allow_empty_topic_name (FL334) to GET /messages: ${warned ? "a warning naming the parameter" : "nothing"}`, async () => {
    const { call } = client(proxy.url, server.personas.member!);
    await call("GET", "/messages?anchor=newest&num_before=1&num_after=0&allow_empty_topic_name=true");
    await proxy.settled();
    const about = proxy.findings.filter((f) => f.severity === "warning" && f.want.includes("allow_empty_topic_name"));
    expect(about.length).toBe(warned ? 1 : 0);
    if (warned) expect(about[0]).toMatchObject({ got: "used against a server at FL 300" });
  });

  it("no request warning is an error: the session's errors stay empty", async () => {
    await proxy.settled();
    expect(proxy.findings.filter((f) => f.severity === "error")).toEqual([]);
  });
});

describe("type 'direct' (FL174) against a server at FL153", () => {
  it("is a warning of fl174.messages.direct-type, and the server's refusal is no violation", async () => {
    const server = await createReferenceServer({ featureLevel: 153, port: 0 });
    const proxy = await startProxy({ target: server.url });
    try {
      const { call } = client(proxy.url, server.personas.member!);
      const res = await call("POST", "/messages", { type: "direct", to: JSON.stringify([server.personas.administrator!.userId]), content: "hi" });
      expect(res.status).toBe(400);
      await proxy.settled();
      expect(proxy.findings.map((f) => [f.clause, f.severity])).toEqual([["fl174.messages.direct-type", "warning"]]);
    } finally {
      await proxy.close();
      await server.close();
    }
  });
});
