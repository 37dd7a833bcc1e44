import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProxy } from "../../src/proxy/proxy.ts";

/**
 * Plain HTTP in front of an https target (issue #15, point 1): the proxy speaks TLS to the target, with the
 * target's name as Host, and the client speaks plain HTTP to the proxy. The target here is an https server with a
 * certificate made for the test (openssl), trusted through the proxy's `ca` option.
 */
const dir = mkdtempSync(join(tmpdir(), "cc-proxy-tls-"));
let server: Server;
let url: string;
let cert: string;
let host: string | undefined;

beforeAll(async () => {
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
    ],
    { stdio: "ignore" },
  );
  cert = readFileSync(join(dir, "cert.pem"), "utf8");
  server = createServer({ key: readFileSync(join(dir, "key.pem")), cert }, (req, res) => {
    host = req.headers.host;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        result: "success",
        msg: "",
        chat_feature_level: 372,
        chat_version: "x",
        authentication_methods: {},
        realm_url: "https://localhost",
        realm_uri: "https://localhost",
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `https://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe("an https target", () => {
  it("is reached over TLS with its own name as Host, and its answers are checked (fl257.server.realm-url)", async () => {
    const proxy = await startProxy({ target: url, ca: cert, level: { featureLevel: 372, product: "chat", notes: [] } });
    try {
      expect(proxy.url).toMatch(/^http:\/\//);
      const res = await request(`${proxy.url}/api/v1/server_settings`);
      expect(res.statusCode).toBe(200);
      expect(await res.body.json()).toMatchObject({ chat_feature_level: 372 });
      expect(host).toBe(new URL(url).host);
      await proxy.settled();
      expect(proxy.findings).toEqual([]);
      expect(proxy.results().tests.find((t) => t.clauses.includes("fl257.server.realm-url"))?.status).toBe("pass");
    } finally {
      await proxy.close();
    }
  });

  it("with a certificate the proxy does not trust: the client gets 502 naming the TLS error, and it is a finding", async () => {
    const proxy = await startProxy({ target: url, level: { featureLevel: 372, product: "chat", notes: [] } });
    try {
      const res = await request(`${proxy.url}/api/v1/server_settings`);
      expect(res.statusCode).toBe(502);
      expect(await res.body.text()).toMatch(/SELF_SIGNED|certificate/i);
      await proxy.settled();
      expect(proxy.findings.map((f) => f.clause)).toEqual(["proxy.no-answer"]);
    } finally {
      await proxy.close();
    }
  });
});
