import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

/** Bad input to the flags, unreads, topics and read-receipts endpoints never yields a 5xx or a non-JSON answer. */
let server: ReferenceServer;
let auth: string;

beforeAll(async () => {
  server = await createReferenceServer({ heartbeatMs: 200 });
  const m = server.personas.administrator!;
  auth = `Basic ${Buffer.from(`${m.email}:${m.apiKey}`).toString("base64")}`;
  const send = new URLSearchParams({ type: "stream", to: "general", topic: "fuzz", content: "@**all** fuzz" });
  await fetch(`${server.url}/api/v1/messages`, {
    method: "POST",
    headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
    body: send,
  });
});
afterAll(() => server.close());

const PATHS = [
  ["POST", "/messages/flags"],
  ["POST", "/messages/flags/narrow"],
  ["POST", "/mark_all_as_read"],
  ["POST", "/mark_stream_as_read"],
  ["POST", "/mark_topic_as_read"],
  ["GET", "/users/me/3/topics"],
  ["GET", "/users/me/99999999999999999999/topics"],
  ["POST", "/streams/3/delete_topic"],
  ["GET", "/messages/100/read_receipts"],
  ["GET", "/messages/matches_narrow"],
  ["POST", "/user_topics"],
  ["POST", "/users/me/subscriptions/properties"],
] as const;
const NAMES = [
  "messages",
  "op",
  "flag",
  "anchor",
  "num_before",
  "num_after",
  "include_anchor",
  "narrow",
  "stream_id",
  "topic_name",
  "topic",
  "msg_ids",
  "visibility_policy",
  "subscription_data",
  "allow_empty_topic_name",
];
const VALUES = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "add",
    "remove",
    "read",
    "starred",
    "mentioned",
    "true",
    "-1",
    "0",
    "3",
    "100",
    "99999999999999999999",
    "[]",
    "[100]",
    "[100,100,1e300]",
    "null",
    "first_unread",
    "newest",
    "general chat",
    '[{"operator":"is","operand":"unread"}]',
    '[{"operator":"search","operand":"(["}]',
    '[{"stream_id":3,"property":"is_muted","value":true}]',
  ),
  fc.json(),
);

describe("flags, unreads, topics and read receipts under random input", () => {
  it("answer every request with a JSON envelope and never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), fc.dictionary(fc.constantFrom(...NAMES), VALUES, { maxKeys: 7 }), async ([method, path], fields) => {
        const url = new URL(`/api/v1${path}`, server.url);
        const headers: Record<string, string> = { authorization: auth };
        let body: string | undefined;
        if (method === "GET") for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
        else {
          headers["content-type"] = "application/x-www-form-urlencoded";
          body = new URLSearchParams(fields).toString();
        }
        const res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(5000) });
        const text = await res.text();
        expect(res.status, `${method} ${url} ${body ?? ""} → ${res.status} ${text}`).toBeLessThan(500);
        expect(["success", "error"]).toContain((JSON.parse(text) as { result: string }).result);
      }),
      { numRuns: 400 },
    );
  });
});
