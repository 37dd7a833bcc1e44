import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";
import { startProxy, type Proxy } from "../../src/proxy/proxy.ts";
import { client } from "./drive.ts";

/**
 * fl153.server.unknown-route in live traffic: a path that names no operation is judged by that clause, not by the
 * general JSON-answer one. A Zulip target answers it with an HTML page by design (wire §1), which the difference
 * table lists, so the proxy in front of one raises nothing and says how many it let pass; any other target that
 * answers so breaks the clause.
 */
const UNKNOWN = "/no_such_endpoint_for_conformance";

describe("fl153.server.unknown-route through the proxy, FL372 serve --product zulip", () => {
  let server: ReferenceServer;
  let proxy: Proxy;
  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: 372, port: 0, product: "zulip" });
    proxy = await startProxy({ target: server.url });
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it("the HTML 404 of an unknown path is no violation, and the report's notes count it", async () => {
    const { call } = client(proxy.url, server.personas.member!);
    const r = await call("GET", UNKNOWN);
    expect(r.status).toBe(404);
    expect(r.json).toBeUndefined();
    await proxy.settled();
    expect(proxy.findings.map((f) => `${f.clause}: ${f.got}`)).toEqual([]);
    expect(proxy.results().target.notes.join("\n")).toMatch(/1 violation not raised: what Zulip does by design/);
  });
});

describe("fl153.server.unknown-route through the proxy, a chat target at FL372 answering HTML", () => {
  let target: Server;
  let proxy: Proxy;
  beforeAll(async () => {
    target = createServer((_req, res) => res.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end("<h1>Not Found</h1>"));
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    proxy = await startProxy({ target: url, level: { featureLevel: 372, product: "chat", notes: [] } });
  });
  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => target?.close(resolve));
  });

  it("is a violation of the unknown-route clause (want a JSON error envelope), not of json-response", async () => {
    const { call } = client(proxy.url, { email: "a@b.example", apiKey: "k", userId: 1 });
    await call("GET", UNKNOWN);
    await proxy.settled();
    expect(proxy.findings.map((f) => [f.clause, f.want, f.got])).toEqual([
      ["fl153.server.unknown-route", "HTTP 404 with a JSON error envelope", "Content-Type text/html; charset=utf-8"],
    ]);
  });
});
