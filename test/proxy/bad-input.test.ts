import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createNetServer, type Server as NetServer } from "node:net";
import type { AddressInfo, Socket } from "node:net";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_ANSWER } from "../../src/proxy/checker.ts";
import { KEPT_PER_CLAUSE, startProxy, type Proxy } from "../../src/proxy/proxy.ts";
import { writeReports } from "../../src/report/write.ts";

/**
 * Bad input from the target (issue #15, point 4) is reported and passed through, never a crash: a target that
 * went away answers the client 502 and is a finding; a target that does not speak HTTP, the same; a malformed
 * JSON body reaches the client byte for byte and breaks fl153.server.json-response. The proxy keeps serving after
 * each.
 */
const LEVEL = () => ({ featureLevel: 372, product: "chat" as const, notes: [] });
const port = (s: Server | NetServer) => (s.address() as AddressInfo).port;
const listen = (s: Server | NetServer) => new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
const close = (s: Server | NetServer) => new Promise<void>((r) => s.close(() => r()));

describe("bad input from the target", () => {
  let garbage: NetServer;
  let malformed: Server;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Answers every connection with text that is not HTTP, then hangs up.
    garbage = createNetServer((socket) => {
      sockets.add(socket);
      socket.end("SSH-2.0-OpenSSH_9.6\r\nnot http at all\r\n");
    });
    malformed = createHttpServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"result": "success", "msg": ');
    });
    await Promise.all([listen(garbage), listen(malformed)]);
  });
  afterAll(async () => {
    malformed.closeAllConnections();
    for (const s of sockets) s.destroy();
    await Promise.all([close(garbage), close(malformed)]);
  });

  async function through(target: string, f: (p: Proxy) => Promise<void>): Promise<Proxy> {
    const proxy = await startProxy({ target, level: LEVEL() });
    try {
      await f(proxy);
      await proxy.settled();
    } finally {
      await proxy.close();
    }
    return proxy;
  }

  it("an unreachable target: the client gets 502 saying so, the finding is reported, and the proxy goes on", async () => {
    const gone = createHttpServer();
    await listen(gone);
    const url = `http://127.0.0.1:${port(gone)}`;
    await close(gone);
    const proxy = await through(url, async (p) => {
      for (let i = 0; i < 2; i++) {
        const res = await request(`${p.url}/api/v1/server_settings`);
        expect(res.statusCode).toBe(502);
        expect(await res.body.text()).toContain("ECONNREFUSED");
      }
    });
    expect(proxy.findings.map((f) => [f.clause, f.severity])).toEqual([
      [NO_ANSWER, "error"],
      [NO_ANSWER, "error"],
    ]);
    expect(proxy.findings[0]!.got).toContain("ECONNREFUSED");
    const results = proxy.results();
    expect(results.tests.find((t) => t.clauses.includes(NO_ANSWER))).toMatchObject({ status: "fail", strength: "must", area: "transport" });
    const out = mkdtempSync(join(tmpdir(), "cc-proxy-bad-"));
    try {
      writeReports(out, results);
      expect(readFileSync(join(out, "junit.xml"), "utf8")).toContain(NO_ANSWER);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("a target that does not answer in HTTP: 502 and a finding", async () => {
    const proxy = await through(`http://127.0.0.1:${port(garbage)}`, async (p) => {
      const res = await request(`${p.url}/api/v1/users/me`);
      expect(res.statusCode).toBe(502);
      await res.body.text();
    });
    expect(proxy.findings.map((f) => f.clause)).toEqual([NO_ANSWER]);
    expect(proxy.findings[0]!.got).toMatch(/HTTP|HPE_|parse/i);
  });

  it("a malformed JSON body reaches the client unchanged and breaks fl153.server.json-response", async () => {
    const proxy = await through(`http://127.0.0.1:${port(malformed)}`, async (p) => {
      const res = await request(`${p.url}/api/v1/users/me`);
      expect(res.statusCode).toBe(200);
      expect(await res.body.text()).toBe('{"result": "success", "msg": ');
    });
    expect(proxy.findings.map((f) => [f.clause, f.severity])).toEqual([["fl153.server.json-response", "error"]]);
    expect(proxy.findings[0]!.got).toMatch(/not JSON/);
  });

  it(`a break repeated on every answer: each counted, the first ${KEPT_PER_CLAUSE} kept for the report, which renders`, async () => {
    const proxy = await through(`http://127.0.0.1:${port(malformed)}`, async (p) => {
      for (let i = 0; i < KEPT_PER_CLAUSE + 10; i++) await (await request(`${p.url}/api/v1/users/me`)).body.text();
    });
    expect(proxy.findings).toHaveLength(KEPT_PER_CLAUSE);
    expect(proxy.counts.get("error fl153.server.json-response")).toBe(KEPT_PER_CLAUSE + 10);
    const results = proxy.results();
    expect(results.tests.find((t) => t.status === "fail")?.title).toMatch(new RegExp(`^${KEPT_PER_CLAUSE + 10} violations of fl153.server.json-response`));
    const out = mkdtempSync(join(tmpdir(), "cc-proxy-bad-"));
    try {
      writeReports(out, results);
      expect(readFileSync(join(out, "index.html"), "utf8")).toContain("fl153.server.json-response");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
