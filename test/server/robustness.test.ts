import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../reference-server/routes.ts";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

/** Bad input never yields a 5xx, a hang or a non-JSON answer: properties over random requests. */
let server: ReferenceServer;
let auth: string;
let adminAuth: string;

beforeAll(async () => {
  server = await createReferenceServer({ heartbeatMs: 200 });
  const basic = (p: { email: string; apiKey: string }) => `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;
  auth = basic(server.personas.member!);
  adminAuth = basic(server.personas.administrator!);
});
afterAll(() => server.close());

const PATHS = ["/server_settings", "/register", "/events", "/users/me", "/messages", "/users/me/subscriptions", "/get_stream_id", "/nope", "/messages/12"];
const NAMES = [
  "type",
  "to",
  "topic",
  "subject",
  "content",
  "anchor",
  "num_before",
  "num_after",
  "narrow",
  "queue_id",
  "last_event_id",
  "dont_block",
  "event_types",
  "client_capabilities",
  "subscriptions",
  "principals",
  "include_anchor",
  "message_ids",
  "stream",
];
const VALUES = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "true",
    "false",
    "-1",
    "0",
    "99999999999999999999",
    "[]",
    "{}",
    "[1,2]",
    "null",
    '[{"operator":"dm","operand":[1]}]',
    '{"notification_settings_null":true}',
    "newest",
    "stream",
    "private",
    "direct",
  ),
  fc.json(),
);

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

  // Every route the server has, not a chosen few: path ids and parameters at random, as a member or an administrator.
  // Only the organization's deactivation and the personas' own (DELETE /users/me) are left out, since they would end
  // every later request with a 401.
  const ROUTE_SHAPES = ROUTES.filter((r) => r.path !== "/realm/deactivate" && !(r.method === "DELETE" && r.path === "/users/me")).map((r) => ({
    method: r.method,
    path: r.path,
  }));
  const ANY_NAMES = [
    ...NAMES,
    "name",
    "description",
    "user_ids",
    "add",
    "delete",
    "group_id",
    "members",
    "subgroups",
    "can_add_members_group",
    "can_manage_all_groups",
    "can_send_message_group",
    "can_remove_subscribers_group",
    "can_add_subscribers_group",
    "is_default_stream",
    "invite_only",
    "history_public_to_subscribers",
    "include_all",
    "include_can_access_content",
    "exclude_archived",
    "include_deactivated_groups",
    "sender_id",
    "invitee_emails",
    "stream_ids",
    "invite_expires_in_minutes",
    "invite_as",
    "notify_referrer_on_join",
    "include_realm_default_subscriptions",
    "export_type",
    "is_video_call",
    "voice_only",
    "token",
    "appid",
    "url_template",
    "pattern",
    "field_type",
    "hint",
    "field_data",
    "required",
    "onboarding_steps",
    "status",
    "ping_only",
    "new_user_input",
    "last_update_id",
    "history_limit_days",
    "slim_presence",
    "status_text",
    "emoji_name",
    "emoji_code",
    "op",
    "property",
    "value",
    "propagate_mode",
    "send_notification_to_old_thread",
    "user_id",
    "role",
    "full_name",
    "flag",
    "messages",
    "scheduled_delivery_timestamp",
    "emoji",
    "msg_type",
  ];
  const PATH_IDS = fc.oneof(fc.integer({ min: 0, max: 40 }).map(String), fc.constantFrom("99999999999", "-1", "abc", "%00", "1.5"));

  it("answers every route, with random path ids and parameters, with a JSON envelope and never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTE_SHAPES),
        fc.array(PATH_IDS, { minLength: 3, maxLength: 3 }),
        fc.dictionary(fc.constantFrom(...ANY_NAMES), VALUES, { maxKeys: 6 }),
        fc.constantFrom(auth, adminAuth),
        async (route, ids, fields, credentials) => {
          let i = 0;
          const path = route.path.replace(/:\w+(\([^)]*\))?/g, () => ids[i++ % ids.length]!);
          const url = new URL(`/api/v1${path}`, server.url);
          const headers: Record<string, string> = { authorization: credentials };
          let body: string | undefined;
          if (route.method === "GET") for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
          else {
            headers["content-type"] = "application/x-www-form-urlencoded";
            body = new URLSearchParams(fields).toString();
          }
          if (path === "/events" && route.method === "GET") url.searchParams.set("dont_block", "true");
          const res = await fetch(url, { method: route.method, headers, body, signal: AbortSignal.timeout(5000) });
          const text = await res.text();
          expect(res.status, `${route.method} ${url} ${body ?? ""} → ${res.status} ${text}`).toBeLessThan(500);
          // Downloads and tus answer in their own formats; every API route answers with the envelope.
          if (res.headers.get("content-type")?.includes("application/json"))
            expect(["success", "error"]).toContain((JSON.parse(text) as { result: string }).result);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("refuses a malformed multipart body and an oversized form with a 4xx envelope", async () => {
    const bad = await fetch(`${server.url}/api/v1/messages`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="content"\r\n\r\nunterminated',
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
