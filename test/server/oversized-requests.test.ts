import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

/**
 * Requests too large for the server get the API's error envelope with a code, over raw node:http and node:net (no
 * client library smoothing anything over), never node's bare 431 or a dropped connection; the server goes on serving.
 */
let server: ReferenceServer;
let auth: string;

beforeAll(async () => {
  server = await createReferenceServer({ maxFileUploadSizeMib: 1 });
  const m = server.personas.member!;
  auth = `Basic ${Buffer.from(`${m.email}:${m.apiKey}`).toString("base64")}`;
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown>;
}

/** One request on its own connection; rejects if the connection fails before a whole answer arrives. */
function send(path: string, headers: Record<string, string>, body?: string | Buffer, method = body === undefined ? "GET" : "POST"): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        try {
          resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(text) as Record<string, unknown> });
        } catch {
          reject(new Error(`HTTP ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
        }
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Bytes written on a bare socket, and everything the server sends back until it closes. */
function rawExchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let got = "";
    socket.on("data", (d: Buffer) => (got += d.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => resolve(got));
  });
}

/** The server still answers, on a new connection. */
async function stillServes(): Promise<void> {
  const res = await send("/api/v1/users/me", { authorization: auth });
  expect(res.status).toBe(200);
  expect(res.json.result).toBe("success");
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("oversized requests", () => {
  it("a 100 KB query string reaches the API: served, or refused in the envelope (not a bare 431)", async () => {
    const query = `junk=${"q".repeat(100 * 1024)}`;
    const served = await send(`/api/v1/users/me?${query}`, { authorization: auth });
    expect(served.status).toBe(200);
    expect(served.json.ignored_parameters_unsupported).toEqual(["junk"]);
    const refused = await send(`/api/v1/users/me?${query}`, {});
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ result: "error", code: "UNAUTHORIZED" });
    await stillServes();
  });

  it("64 KB of headers reach the API", async () => {
    const headers: Record<string, string> = { authorization: auth };
    for (let i = 0; i < 64; i++) headers[`x-filler-${i}`] = "h".repeat(1000);
    const res = await send("/api/v1/users/me", headers);
    expect(res.status).toBe(200);
    expect(res.json.result).toBe("success");
  });

  it("a request head past the limit (a 300 KB query string, 1 MB of headers) gets 431 and the envelope, then the connection closes", async () => {
    const want = { result: "error", msg: "Request header fields too large", code: "BAD_REQUEST" };
    const longQuery = await send(`/api/v1/users/me?junk=${"q".repeat(300 * 1024)}`, { authorization: auth });
    expect([longQuery.status, longQuery.json]).toEqual([431, want]);
    expect(longQuery.headers["content-type"]).toBe("application/json");
    expect(longQuery.headers.connection).toBe("close");
    const headers: Record<string, string> = { authorization: auth };
    for (let i = 0; i < 1024; i++) headers[`x-filler-${i}`] = "h".repeat(1000);
    const manyHeaders = await send("/api/v1/users/me", headers);
    expect([manyHeaders.status, manyHeaders.json]).toEqual([431, want]);
    await stillServes();
  });

  it("bytes that are not HTTP get 400 and the envelope", async () => {
    const answer = await rawExchange("HELLO THERE\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toMatch(/\r\ncontent-type: application\/json\r\n/i);
    expect(JSON.parse(body!)).toEqual({ result: "error", msg: "Malformed HTTP request", code: "BAD_REQUEST" });
    await stillServes();
  });

  it("a form body past 2 MiB gets 413 and the envelope, however much more follows", async () => {
    for (const size of [3 * 1024 * 1024, 40 * 1024 * 1024]) {
      const res = await send("/api/v1/messages", { ...FORM, authorization: auth }, Buffer.alloc(size, "a"));
      expect(res.status, `${size} bytes`).toBe(413);
      expect(res.json).toEqual({ result: "error", msg: "Request body too large (limit: 2097152 bytes)", code: "BAD_REQUEST" });
    }
    await stillServes();
  });

  it("a multipart body past one file and a form gets 413 and the envelope; one file past the limit keeps its 400", async () => {
    const boundary = "zz";
    const part = (name: string, size: number) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.txt"\r\nContent-Type: text/plain\r\n\r\n`),
        Buffer.alloc(size, "f"),
        Buffer.from("\r\n"),
      ]);
    const multipart = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
    const headers = { authorization: auth, "content-type": `multipart/form-data; boundary=${boundary}` };
    // Four files of 0.9 MiB each: every one within the 1 MiB limit, together past 1 MiB and a 2 MiB form.
    const many = await send("/api/v1/user_uploads", headers, multipart(...[1, 2, 3, 4].map((i) => part(`f${i}`, 900 * 1024))));
    expect(many.status).toBe(413);
    expect(many.json).toEqual({ result: "error", msg: `Request body too large (limit: ${3 * 1024 * 1024} bytes)`, code: "BAD_REQUEST" });
    const huge = await send("/api/v1/user_uploads", headers, multipart(part("big", 30 * 1024 * 1024)));
    expect(huge.status).toBe(400);
    expect(huge.json).toEqual({ result: "error", msg: "File is larger than this server's configured maximum upload size (1 MiB).", code: "BAD_REQUEST" });
    await stillServes();
  });
});
