import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";
import { startProxy, type Proxy } from "../../src/proxy/proxy.ts";

/**
 * The proxy never alters traffic (issue #15, point 1): method, path, query, headers and bodies reach the target
 * as the client sent them, streamed; answers come back byte for byte, compressed ones still compressed; only
 * `Host` becomes the target's. Checked against a plain HTTP server that echoes what it received, so that nothing
 * of the API's own shapes is involved; long-polls and tus against the reference server.
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  bodyHash: string;
  bodyLength: number;
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const LEVEL = { featureLevel: 372, product: "chat" as const, notes: [] };
const DOWNLOAD = randomBytes(3 * 1024 * 1024);
const GZIPPED = gzipSync(Buffer.from(JSON.stringify({ result: "success", msg: "", big: "x".repeat(10_000) })));

let upstream: Server;
let upstreamUrl: string;
let proxy: Proxy;
let last: Seen | undefined;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      last = { method: req.method!, url: req.url!, headers: req.headers, bodyHash: sha(body), bodyLength: body.length };
      if (req.url === "/prefix/download") {
        // Streamed in pieces, without a length: the proxy must stream it on as it comes.
        res.writeHead(200, { "content-type": "application/octet-stream", "x-custom": "kept" });
        for (let i = 0; i < DOWNLOAD.length; i += 256 * 1024) res.write(DOWNLOAD.subarray(i, i + 256 * 1024));
        return res.end();
      }
      if (req.url === "/prefix/gzip") {
        res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": GZIPPED.length });
        return res.end(GZIPPED);
      }
      res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
      res.writeHead(207, "Multi", { "content-type": "text/plain", "x-echo": "yes" });
      res.end(`${req.method} ${req.url}`);
    });
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = await startProxy({ target: `${upstreamUrl}/prefix/`, level: { ...LEVEL, notes: [] } });
});

afterAll(async () => {
  await proxy.close();
  await new Promise((r) => upstream.close(r));
});

describe("pass-through", () => {
  it("forwards method, path under the target's prefix, query and end-to-end headers unchanged; Host becomes the target's", async () => {
    const res = await request(`${proxy.url}/api/v1/x?b=2&a=%20sp`, {
      method: "PATCH",
      headers: { "x-client": "zulip-terminal", authorization: "Basic abc", "content-type": "text/plain" },
      body: "hello",
    });
    expect(res.statusCode).toBe(207);
    expect(await res.body.text()).toBe("PATCH /prefix/api/v1/x?b=2&a=%20sp");
    expect(res.headers["x-echo"]).toBe("yes");
    expect(res.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(last).toMatchObject({ method: "PATCH", url: "/prefix/api/v1/x?b=2&a=%20sp", bodyLength: 5 });
    expect(last!.headers).toMatchObject({
      "x-client": "zulip-terminal",
      authorization: "Basic abc",
      "content-type": "text/plain",
      host: new URL(upstreamUrl).host,
    });
  });

  it("streams a large upload of unknown length through unchanged (chunked in, bytes identical)", async () => {
    const data = randomBytes(5 * 1024 * 1024);
    async function* pieces() {
      for (let i = 0; i < data.length; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024);
    }
    const res = await request(`${proxy.url}/upload`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: Readable.from(pieces()),
    });
    await res.body.text();
    expect(last).toMatchObject({ bodyLength: data.length, bodyHash: sha(data) });
    expect(last!.headers["transfer-encoding"]).toBe("chunked");
  });

  it("streams a large download back byte for byte, with its headers", async () => {
    const res = await request(`${proxy.url}/download`);
    const body = Buffer.from(await res.body.arrayBuffer());
    expect(res.headers["x-custom"]).toBe("kept");
    expect(sha(body)).toBe(sha(DOWNLOAD));
  });

  it("passes a compressed JSON answer on still compressed, with its Content-Length", async () => {
    const res = await request(`${proxy.url}/gzip`, { headers: { "accept-encoding": "gzip" } });
    const body = Buffer.from(await res.body.arrayBuffer());
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-length"]).toBe(String(GZIPPED.length));
    expect(body.equals(GZIPPED)).toBe(true);
  });
});

describe("long-polls and tus against the reference server (FL372)", () => {
  let server: ReferenceServer;
  let refProxy: Proxy;
  let auth: string;

  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: 372, port: 0, heartbeatMs: 300 });
    refProxy = await startProxy({ target: server.url });
    const m = server.personas.member!;
    auth = `Basic ${Buffer.from(`${m.email}:${m.apiKey}`).toString("base64")}`;
  });
  afterAll(async () => {
    await refProxy.close();
    await server.close();
  });

  it("a long-poll with nothing to deliver comes back through the proxy with its heartbeat (fl153.events.heartbeat)", async () => {
    const reg = await request(`${refProxy.url}/api/v1/register`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
      body: 'event_types=["message"]',
    });
    const { queue_id, last_event_id } = (await reg.body.json()) as { queue_id: string; last_event_id: number };
    const poll = await request(`${refProxy.url}/api/v1/events?queue_id=${encodeURIComponent(queue_id)}&last_event_id=${last_event_id}`, {
      headers: { authorization: auth },
    });
    expect(await poll.body.json()).toMatchObject({ result: "success", events: [{ type: "heartbeat" }] });
    await refProxy.settled();
    expect(refProxy.findings).toEqual([]);
    expect(refProxy.results().tests.find((t) => t.clauses.includes("fl153.events.heartbeat"))?.status).toBe("pass");
  });

  it("a client that gives up a long-poll before its answer is no finding (the proxy drops the upstream request)", async () => {
    const reg = await request(`${refProxy.url}/api/v1/register`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
      body: 'event_types=["message"]',
    });
    const { queue_id, last_event_id } = (await reg.body.json()) as { queue_id: string; last_event_id: number };
    const before = refProxy.findings.length;
    const gaveUp = new AbortController();
    const poll = request(`${refProxy.url}/api/v1/events?queue_id=${encodeURIComponent(queue_id)}&last_event_id=${last_event_id}`, {
      headers: { authorization: auth },
      signal: gaveUp.signal,
    });
    // Aborted once the server holds the poll: the proxy is then waiting for the target's answer.
    const member = server.personas.member!;
    while (server.runtime.queues.get(queue_id, member.userId)?.connected !== 1) await new Promise((r) => setTimeout(r, 5));
    gaveUp.abort();
    await expect(poll).rejects.toThrow();
    // The next poll of the same queue still works through the proxy.
    const next = await request(`${refProxy.url}/api/v1/events?queue_id=${encodeURIComponent(queue_id)}&last_event_id=${last_event_id}`, {
      headers: { authorization: auth },
    });
    expect(await next.body.json()).toMatchObject({ result: "success" });
    await refProxy.settled();
    expect(refProxy.findings.slice(before)).toEqual([]);
  });

  it("a tus upload (FL295) goes through in two PATCHes: creation 201, the first half 204 with its offset, the last 200 with the file's url", async () => {
    const data = randomBytes(200_000);
    const half = data.length / 2;
    const create = await request(`${refProxy.url}/api/v1/tus`, {
      method: "POST",
      headers: {
        authorization: auth,
        "tus-resumable": "1.0.0",
        "upload-length": String(data.length),
        "upload-metadata": `filename ${Buffer.from("blob.bin").toString("base64")}`,
      },
    });
    await create.body.text();
    expect(create.statusCode).toBe(201);
    const at = `${refProxy.url}${new URL(String(create.headers.location), refProxy.url).pathname}`;
    const patch = (offset: number, bytes: Buffer) =>
      request(at, {
        method: "PATCH",
        headers: { authorization: auth, "tus-resumable": "1.0.0", "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
        body: bytes,
      });
    const first = await patch(0, data.subarray(0, half));
    await first.body.text();
    expect(first.statusCode).toBe(204);
    expect(first.headers["upload-offset"]).toBe(String(half));
    const head = await request(at, { method: "HEAD", headers: { authorization: auth, "tus-resumable": "1.0.0" } });
    await head.body.text();
    expect(head.headers["upload-offset"]).toBe(String(half));
    const last = await patch(half, data.subarray(half));
    expect(last.statusCode).toBe(200);
    const { url } = (await last.body.json()) as { url: string };
    const download = await request(`${refProxy.url}${url}`, { headers: { authorization: auth } });
    expect(sha(Buffer.from(await download.body.arrayBuffer()))).toBe(sha(data));
    await refProxy.settled();
    expect(refProxy.findings.filter((f) => f.severity === "error")).toEqual([]);
  });
});
