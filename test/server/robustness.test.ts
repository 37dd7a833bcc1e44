import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

/** Bad input never yields a 5xx, a hang or a non-JSON answer: properties over random requests. */
let server: ReferenceServer;
let auth: string;

beforeAll(async () => {
  server = await createReferenceServer({ heartbeatMs: 200 });
  const m = server.personas.member!;
  auth = `Basic ${Buffer.from(`${m.email}:${m.apiKey}`).toString("base64")}`;
});
afterAll(() => server.close());

const PATHS = ["/server_settings", "/register", "/events", "/users/me", "/messages", "/users/me/subscriptions", "/get_stream_id", "/nope", "/messages/12"];
const NAMES = ["type", "to", "topic", "subject", "content", "anchor", "num_before", "num_after", "narrow", "queue_id", "last_event_id", "dont_block", "event_types", "client_capabilities", "subscriptions", "principals", "include_anchor", "message_ids", "stream"];
const VALUES = fc.oneof(fc.string(), fc.constantFrom("true", "false", "-1", "0", "99999999999999999999", "[]", "{}", "[1,2]", "null", '[{"operator":"dm","operand":[1]}]', '{"notification_settings_null":true}', "newest", "stream", "private", "direct"), fc.json());

describe("the reference server under random input", () => {
  it("answers every request with a JSON envelope and never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PATCH", "DELETE", "PUT"),
        fc.constantFrom(...PATHS),
        fc.dictionary(fc.constantFrom(...NAMES), VALUES, { maxKeys: 6 }),
        fc.constantFrom("form", "query", "json"),
        fc.boolean(),
        async (method, path, fields, where, authed) => {
          const url = new URL(`/api/v1${path}`, server.url);
          const headers: Record<string, string> = authed ? { authorization: auth } : {};
          let body: string | undefined;
          if (where === "query" || method === "GET") for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
          else if (where === "form") {
            headers["content-type"] = "application/x-www-form-urlencoded";
            body = new URLSearchParams(fields).toString();
          } else {
            headers["content-type"] = "application/json";
            body = JSON.stringify(fields);
          }
          if (path === "/events" && method === "GET") url.searchParams.set("dont_block", "true");
          const res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(5000) });
          const text = await res.text();
          expect(res.status, `${method} ${url} ${body ?? ""} → ${res.status} ${text}`).toBeLessThan(500);
          const json = JSON.parse(text) as { result: string };
          expect(["success", "error"]).toContain(json.result);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses a malformed multipart body and an oversized form with a 4xx envelope", async () => {
    const bad = await fetch(`${server.url}/api/v1/messages`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "multipart/form-data; boundary=zzz" },
      body: "--zzz\r\nContent-Disposition: form-data; name=\"content\"\r\n\r\nunterminated",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe("BAD_REQUEST");
    const big = await fetch(`${server.url}/api/v1/messages`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
      body: `content=${"x".repeat(3 * 1024 * 1024)}`,
    });
    expect(big.status).toBe(413);
  });

  it("answers a known path with the wrong method 405 listing the allowed ones, and OPTIONS 204", async () => {
    const res = await fetch(`${server.url}/api/v1/messages`, { method: "PUT", headers: { authorization: auth } });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ result: "error", msg: "Method Not Allowed", allowed_methods: ["GET", "POST"] });
    const options = await fetch(`${server.url}/api/v1/messages`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, POST");
  });
});
