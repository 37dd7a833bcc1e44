import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer, type ReferenceServerOptions } from "../../reference-server/server.ts";
import { setUploadLimits } from "../../reference-server/api/uploads/limits.ts";
import { tusFor } from "../../reference-server/uploads/tus-server.ts";

/**
 * White-box checks of the reference server's uploads: what black-box tests cannot see (nothing of a refused upload
 * is kept, the quota, which no API sets, limit changes made by the server) and its stricter tus rules.
 */
const MIB = 1024 * 1024;
const servers: ReferenceServer[] = [];

async function start(options: ReferenceServerOptions = {}) {
  const server = await createReferenceServer({ heartbeatMs: 200, ...options });
  servers.push(server);
  const auth = (role: string) => {
    const p = server.personas[role]!;
    return `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;
  };
  const post = (role: string, data: Uint8Array, name = "file.txt") => {
    const form = new FormData();
    form.append("file", new Blob([data], { type: "text/plain" }), name);
    return fetch(`${server.url}/api/v1/user_uploads`, { method: "POST", headers: { authorization: auth(role) }, body: form });
  };
  const tus = (role: string | null, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { "tus-resumable": "1.0.0", ...(role ? { authorization: auth(role) } : {}), ...headers },
      body,
    });
  return { server, rt: server.runtime, auth, post, tus };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const meta = (name: string) => `filename ${Buffer.from(name).toString("base64")}`;

describe("upload limits", () => {
  it("refuses a file over max_file_upload_size_mib with the limit in the message and keeps nothing", async () => {
    const { rt, post } = await start({ maxFileUploadSizeMib: 1 });
    const res = await post("member", new Uint8Array(MIB + 1));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ result: "error", code: "BAD_REQUEST", msg: expect.stringContaining("(1 MiB)") });
    expect([rt.store.uploads.count, rt.store.uploads.usedBytes]).toEqual([0, 0]);
    expect((await post("member", new Uint8Array(MIB))).status).toBe(200);
  });

  it("refuses a tus upload over the limit at creation, 413 with the limit in the body, and keeps nothing", async () => {
    const { rt, tus } = await start({ maxFileUploadSizeMib: 1 });
    const res = await tus("member", "POST", "/api/v1/tus", { "upload-length": String(MIB + 1), "upload-metadata": meta("big.bin") });
    expect(res.status).toBe(413);
    expect(res.headers.get("location")).toBeNull();
    // The envelope (wire §4), `message` kept as real servers' tus hooks give it.
    const msg = "File is larger than this server's configured maximum upload size (1 MiB).";
    expect([res.headers.get("content-type"), await res.json()]).toEqual(["application/json", { result: "error", msg, code: "BAD_REQUEST", message: msg }]);
    expect(tusFor(rt).store.stats).toEqual({ uploads: 0, bytes: 0 });
    expect(rt.store.uploads.count).toBe(0);
  });

  it("refuses uploads past the quota: REALM_UPLOAD_QUOTA from POST /user_uploads, 413 from tus", async () => {
    const { rt, post, tus } = await start({ uploadQuotaMib: 1 });
    expect((await post("member", new Uint8Array(600 * 1024))).status).toBe(200);
    const over = await post("secondMember", new Uint8Array(600 * 1024));
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ result: "error", code: "REALM_UPLOAD_QUOTA" });
    expect([rt.store.uploads.count, rt.store.uploads.usedBytes]).toEqual([1, 600 * 1024]);
    const viaTus = await tus("member", "POST", "/api/v1/tus", { "upload-length": String(600 * 1024), "upload-metadata": meta("q.bin") });
    expect(viaTus.status).toBe(413);
    expect(await viaTus.text()).toContain("quota");
    expect(tusFor(rt).store.stats.uploads).toBe(0);
  });

  it("reports the quota in register as MiB from FL251 and as bytes before; null means none", async () => {
    for (const [level, quota, want] of [
      [251, 3, 3],
      [250, 3, 3 * MIB],
      [372, null, null],
    ] as const) {
      const { server, auth } = await start({ featureLevel: level, uploadQuotaMib: quota });
      const res = await fetch(`${server.url}/api/v1/register`, {
        method: "POST",
        headers: { authorization: auth("member") },
        body: new URLSearchParams({ fetch_event_types: '["realm"]' }),
      });
      const body = (await res.json()) as Record<string, unknown>;
      expect([body.realm_upload_quota_mib, body.max_file_upload_size_mib, "realm_max_file_upload_size_mib" in body]).toEqual([want, 25, false]);
    }
  });

  it("PATCH /realm does not change the server's upload limits", async () => {
    const { server, rt, auth } = await start();
    const res = await fetch(`${server.url}/api/v1/realm`, {
      method: "PATCH",
      headers: { authorization: auth("owner") },
      body: new URLSearchParams({ max_file_upload_size_mib: "1", upload_quota_mib: "1" }),
    });
    expect(await res.json()).toMatchObject({ result: "success", ignored_parameters_unsupported: ["max_file_upload_size_mib", "upload_quota_mib"] });
    expect([rt.store.settings.get("max_file_upload_size_mib"), rt.store.settings.get("upload_quota_mib")]).toEqual([25, 5120]);
  });

  it("sends a limit change made by the server in a realm update_dict event from FL306, and none before", async () => {
    for (const level of [306, 305]) {
      const { server, rt, auth, post } = await start({ featureLevel: level });
      const reg = await fetch(`${server.url}/api/v1/register`, {
        method: "POST",
        headers: { authorization: auth("member") },
        body: new URLSearchParams({ event_types: '["realm"]' }),
      });
      const { queue_id } = (await reg.json()) as { queue_id: string };
      setUploadLimits(rt, { maxFileUploadSizeMib: 1, uploadQuotaMib: 2 });
      const q = new URLSearchParams({ queue_id, last_event_id: "-1", dont_block: "true" });
      const got = (await (await fetch(`${server.url}/api/v1/events?${q}`, { headers: { authorization: auth("member") } })).json()) as {
        events: Array<Record<string, unknown>>;
      };
      const dicts = got.events.filter((e) => e.type === "realm");
      if (level >= 306)
        expect(dicts).toEqual([
          expect.objectContaining({ op: "update_dict", property: "default", data: { max_file_upload_size_mib: 1, upload_quota_mib: 2 } }),
        ]);
      else expect(dicts).toEqual([]);
      expect((await post("member", new Uint8Array(MIB + 1))).status).toBe(400);
    }
  });
});

describe("tus at /api/v1/tus", () => {
  it("asks for credentials on every request but OPTIONS, and hides one user's upload from another", async () => {
    const { rt, tus } = await start();
    expect((await tus(null, "OPTIONS", "/api/v1/tus")).status).toBe(204);
    const created = await tus("member", "POST", "/api/v1/tus", { "upload-length": "6", "upload-metadata": meta("a.txt") });
    expect(created.status).toBe(201);
    const path = new URL(created.headers.get("location")!).pathname;
    const patch = { "upload-offset": "0", "content-type": "application/offset+octet-stream" };
    expect((await tus(null, "HEAD", path)).status).toBe(401);
    expect((await tus(null, "PATCH", path, patch, "abc")).status).toBe(401);
    expect((await tus("secondMember", "HEAD", path)).status).toBe(404);
    expect((await tus("secondMember", "PATCH", path, patch, "abc")).status).toBe(404);
    expect(tusFor(rt).store.stats.bytes).toBe(0);
    expect((await tus("member", "PATCH", path, patch, "abc")).status).toBe(204);
    const head = await tus("member", "HEAD", path);
    expect([head.status, head.headers.get("upload-offset")]).toEqual([200, "3"]);
    const done = await tus("member", "PATCH", path, { ...patch, "upload-offset": "3" }, "def");
    expect(done.status).toBe(200);
    const { url, filename } = (await done.json()) as { url: string; filename: string };
    expect(filename).toBe("a.txt");
    expect(rt.store.uploads.get(url.slice("/user_uploads/".length))?.data.toString()).toBe("abcdef");
    expect(tusFor(rt).store.stats).toEqual({ uploads: 1, bytes: 0 });
  });

  it("refuses extensions it does not advertise (an upload of deferred length) with a 400, keeping nothing", async () => {
    const { rt, tus } = await start();
    const options = await tus(null, "OPTIONS", "/api/v1/tus");
    expect(options.headers.get("tus-extension")?.split(",")).not.toContain("creation-defer-length");
    const res = await tus("member", "POST", "/api/v1/tus", { "upload-defer-length": "1" });
    expect(res.status).toBe(400);
    expect(tusFor(rt).store.stats.uploads).toBe(0);
  });

  it("answers every refusal that has a body with the JSON envelope and a code (wire §4); bodiless protocol answers stay bodiless", async () => {
    const { server, auth, tus } = await start();
    const envelope = async (res: Response) => [res.status, res.headers.get("content-type"), await res.json()];
    const notFound = { result: "error", msg: "The file for this url was not found", code: "NOT_FOUND" };
    expect(await envelope(await tus("member", "GET", "/api/v1/tus"))).toEqual([404, "application/json", notFound]);
    expect(await envelope(await tus("member", "GET", "/api/v1/tus/nope"))).toEqual([404, "application/json", notFound]);
    expect(
      await envelope(await tus("member", "PATCH", "/api/v1/tus/nope", { "content-type": "application/offset+octet-stream", "upload-offset": "0" }, "x")),
    ).toEqual([404, "application/json", notFound]);
    expect(await envelope(await tus("member", "POST", "/api/v1/tus"))).toEqual([
      400,
      "application/json",
      { result: "error", msg: "Upload-Length or Upload-Defer-Length header required", code: "BAD_REQUEST" },
    ]);
    const noVersion = await fetch(`${server.url}/api/v1/tus`, { method: "POST", headers: { authorization: auth("member"), "upload-length": "1" } });
    expect(noVersion.status).toBe(412);
    expect(await noVersion.json()).toMatchObject({ result: "error", code: "BAD_REQUEST" });
    // A method the endpoint does not have: 405 with the allowed ones, no code (wire §4).
    expect(await envelope(await tus("member", "PUT", "/api/v1/tus"))).toEqual([
      405,
      "application/json",
      { result: "error", msg: "Method Not Allowed", allowed_methods: ["POST", "HEAD", "PATCH", "OPTIONS", "DELETE", "GET"] },
    ]);
    expect(await envelope(await tus(null, "GET", "/api/v1/tus"))).toEqual([
      401,
      "application/json",
      expect.objectContaining({ result: "error", code: "UNAUTHORIZED" }),
    ]);
    // The protocol's own answers: a HEAD has no body, a creation and a PATCH none either.
    const head = await tus("member", "HEAD", "/api/v1/tus/nope");
    expect([head.status, await head.text()]).toEqual([404, ""]);
    const created = await tus("member", "POST", "/api/v1/tus", { "upload-length": "1", "upload-metadata": meta("one.txt") });
    expect([created.status, await created.text(), created.headers.get("tus-resumable")]).toEqual([201, "", "1.0.0"]);
    const path = new URL(created.headers.get("location")!).pathname;
    const options = await tus(null, "OPTIONS", "/api/v1/tus");
    expect([options.status, await options.text()]).toEqual([204, ""]);
    const half = await tus("member", "HEAD", path);
    expect([half.status, half.headers.get("upload-offset"), await half.text()]).toEqual([200, "0", ""]);
  });

  it("does not exist below FL295", async () => {
    const { tus } = await start({ featureLevel: 294 });
    expect((await tus("member", "POST", "/api/v1/tus", { "upload-length": "1" })).status).toBe(404);
    expect((await tus("member", "OPTIONS", "/api/v1/tus")).status).toBe(404);
  });
});

describe("downloads at /user_uploads/...", () => {
  it("serve the uploader, and others once a message they can read links the file", async () => {
    const { server, auth, post } = await start();
    const { url } = (await (await post("member", new TextEncoder().encode("shared later"), "later.txt")).json()) as { url: string };
    const get = (role: string) => fetch(`${server.url}${url}`, { headers: { authorization: auth(role) } });
    expect((await get("member")).status).toBe(200);
    expect((await get("secondMember")).status).toBe(403);
    expect((await fetch(`${server.url}${url}`)).status).toBe(401);
    expect((await fetch(`${server.url}/user_uploads/2/00/nothing/here.txt`, { headers: { authorization: auth("member") } })).status).toBe(404);
    const body = new URLSearchParams({ type: "stream", to: "general", topic: "files", content: `[later.txt](${url})` });
    expect((await fetch(`${server.url}/api/v1/messages`, { method: "POST", headers: { authorization: auth("member") }, body })).status).toBe(200);
    const shared = await get("secondMember");
    expect([shared.status, await shared.text(), shared.headers.get("content-type")]).toEqual([200, "shared later", "text/plain"]);
  });

  it("keep the uploaded name in filename and a cleaned-up, percent-encoded one in the address", async () => {
    const { post } = await start();
    const body = (await (await post("member", new Uint8Array([1]), "dir/My résumé (v2).txt")).json()) as { url: string; uri: string; filename: string };
    expect(body.filename).toBe("My résumé (v2).txt");
    expect(body.url).toMatch(/^\/user_uploads\/2\/[0-9a-f]{2}\/[\w-]{24}\/My-r%C3%A9sum%C3%A9-v2\.txt$/);
    expect(body.uri).toBe(body.url);
  });
});

describe("bad input on the upload paths", () => {
  it("never gets a 5xx: random methods, tus headers, bodies and credentials", async () => {
    const { server, auth } = await start({ maxFileUploadSizeMib: 1 });
    const created = await fetch(`${server.url}/api/v1/tus`, {
      method: "POST",
      headers: { authorization: auth("member"), "tus-resumable": "1.0.0", "upload-length": "8" },
    });
    const known = new URL(created.headers.get("location")!).pathname;
    const header = fc.option(
      fc.oneof(fc.string(), fc.constantFrom("0", "1", "8", "-1", "99999999999999999999", "1.0.0", "filename eC50eHQ=", "application/offset+octet-stream")),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "HEAD", "POST", "PATCH", "DELETE", "OPTIONS", "PUT"),
        fc.constantFrom(
          "/api/v1/user_uploads",
          "/api/v1/tus",
          "/api/v1/tus/",
          known,
          "/api/v1/tus/nope",
          "/api/v1/tus/%ZZ",
          "/user_uploads/",
          "/user_uploads/2/%E0%A4%A/x",
          "/user_uploads/../../etc/passwd",
        ),
        fc.record({
          "tus-resumable": header,
          "upload-length": header,
          "upload-offset": header,
          "upload-metadata": header,
          "upload-defer-length": header,
          "content-type": header,
        }),
        fc.option(fc.string({ maxLength: 64 }), { nil: undefined }),
        fc.boolean(),
        async (method, path, raw, body, authed) => {
          const headers: Record<string, string> = authed ? { authorization: auth("member") } : {};
          for (const [k, v] of Object.entries(raw)) if (v !== undefined && /^[\t\x20-\x7e]*$/.test(v)) headers[k] = v;
          const sent = method === "GET" || method === "HEAD" ? undefined : body;
          const res = await fetch(`${server.url}${path}`, { method, headers, body: sent, signal: AbortSignal.timeout(5000) });
          const text = await res.text();
          const said = `${method} ${path} ${JSON.stringify(headers)} ${sent ?? ""} -> ${res.status} ${text}`;
          expect(res.status, said).toBeLessThan(500);
          // Every refusal with a body is the JSON envelope (wire §4), tus's included.
          if (res.status >= 400 && text !== "") {
            expect(res.headers.get("content-type"), said).toBe("application/json");
            expect(JSON.parse(text), said).toMatchObject({ result: "error", msg: expect.any(String) });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
