import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

/** Raw HTTP as a real Zulip client speaks it: Basic auth, form bodies, JSON-encoded non-string values. */
function client(server: ReferenceServer, role: string | null) {
  const p = role === null ? undefined : server.personas[role as keyof typeof server.personas];
  const auth: Record<string, string> = p ? { authorization: `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}` } : {};
  return async (method: string, path: string, params: Record<string, unknown> = {}) => {
    const form = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]));
    const url = `${server.url}/api/v1${path}${method === "GET" ? `?${form}` : ""}`;
    const headers: Record<string, string> = method === "GET" ? auth : { ...auth, "content-type": "application/x-www-form-urlencoded" };
    const res = await fetch(url, { method, headers, ...(method === "GET" ? {} : { body: form }) });
    const text = await res.text();
    // Zulip answers an unknown path with an HTML page (wire §1): the body is JSON only when the server says so.
    const body = (res.headers.get("content-type")?.startsWith("application/json") ? JSON.parse(text) : { html: text }) as Record<string, unknown>;
    return { status: res.status, headers: res.headers, body };
  };
}

describe("serve --product zulip speaks the real product's names (facts/names.ts)", () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: 372, port: 0, product: "zulip", heartbeatMs: 1000 });
  });
  afterAll(() => server.close());

  it("server_settings and register say zulip_… for the spec's chat_…, and leave the product's own video_chat_provider alone", async () => {
    const settings = (await client(server, null)("GET", "/server_settings")).body;
    expect(settings).toMatchObject({ zulip_feature_level: 372, zulip_version: expect.any(String), zulip_merge_base: expect.any(String) });
    expect(Object.keys(settings).filter((k) => k.includes("chat_"))).toEqual([]);
    const reg = (await client(server, "member")("POST", "/register", { fetch_event_types: ["realm"] })).body;
    expect(reg).toHaveProperty("realm_video_chat_provider");
    expect(reg).toHaveProperty("realm_jitsi_server_url");
    expect(reg).toHaveProperty("realm_new_stream_announcements_stream_id");
    expect(reg).toHaveProperty("realm_zulip_update_announcements_stream_id");
    expect(reg).toHaveProperty("realm_available_video_chat_providers");
    expect(Object.keys(reg).filter((k) => /(^|_)chat_/.test(k) && !/video_chat_provider/.test(k))).toEqual([]);
  });

  it("accepts request parameters under the real names, and names the changed setting so in its event", async () => {
    const admin = client(server, "administrator");
    const queue = (await admin("POST", "/register", { event_types: ["realm"] })).body;
    expect((await admin("PATCH", "/realm", { jitsi_server_url: "https://meet.example.org" })).status).toBe(200);
    const reg = (await admin("POST", "/register", { fetch_event_types: ["realm"] })).body;
    expect(reg.realm_jitsi_server_url).toBe("https://meet.example.org");
    const events = (await admin("GET", "/events", { queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).body.events as Array<
      Record<string, unknown>
    >;
    expect(events).toContainEqual(expect.objectContaining({ type: "realm", op: "update", property: "jitsi_server_url", value: "https://meet.example.org" }));
    expect((await admin("PATCH", "/realm", { jitsi_server_url: null })).status).toBe(200);
  });

  it("serves the real paths of endpoints the spec names differently, and not the spec's", async () => {
    const member = client(server, "member");
    expect((await member("GET", "/calls/bigbluebutton/create", { meeting_name: "standup" })).body).toMatchObject({
      result: "success",
      url: expect.any(String),
    });
    expect((await member("POST", "/calls/zoom/create")).status).not.toBe(404);
    const spec = await member("POST", "/calls/provider_two/create", { meeting_name: "standup" });
    expect(spec.status).toBe(404);
    expect(spec.headers.get("content-type")).toMatch(/^text\/html/);
    expect(spec.body.html).toMatch(/Page not found/);
  });

  it("answers a path no endpoint has at the level with Zulip's HTML 404 page, as real servers do (wire §1), before any credentials", async () => {
    for (const [role, method, path] of [
      ["member", "GET", "/no_such_endpoint"],
      [null, "POST", "/no/such/path"],
    ] as const) {
      const res = await client(server, role)(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(String(res.body.html)).toMatch(/^<!DOCTYPE html>/);
    }
  });

  it("offers the development login a client developer's app uses: list the accounts, fetch a key, use it", async () => {
    const anonymous = client(server, null);
    expect(((await anonymous("GET", "/server_settings")).body.authentication_methods as Record<string, unknown>).dev).toBe(true);
    const listed = (await anonymous("GET", "/dev_list_users")).body as { direct_admins: Array<{ email: string }>; direct_users: Array<{ email: string }> };
    expect(listed.direct_admins.map((u) => u.email)).toContain(server.personas.administrator!.email);
    expect(listed.direct_users.map((u) => u.email)).toContain(server.personas.member!.email);
    const key = (await anonymous("POST", "/dev_fetch_api_key", { username: server.personas.member!.email })).body;
    expect(key).toMatchObject({
      result: "success",
      api_key: server.personas.member!.apiKey,
      email: server.personas.member!.email,
      user_id: server.personas.member!.userId,
    });
  });

  it('challenges a missing login with realm="zulip"', async () => {
    const res = await client(server, null)("GET", "/users/me");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Basic realm="zulip"');
  });

  it("echoes local_id as local_message_id on the message event of the queue the sender named, and only there", async () => {
    const member = client(server, "member");
    const named = (await member("POST", "/register", { event_types: ["message"] })).body;
    const other = (await member("POST", "/register", { event_types: ["message"] })).body;
    const sent = (
      await member("POST", "/messages", { type: "direct", to: [server.personas.member!.userId], content: "echo", queue_id: named.queue_id, local_id: "101.01" })
    ).body;
    const eventsOf = async (q: Record<string, unknown>) =>
      (await member("GET", "/events", { queue_id: q.queue_id, last_event_id: -1, dont_block: true })).body.events as Array<Record<string, unknown>>;
    const mine = (await eventsOf(named)).find((e) => e.type === "message");
    expect(mine).toMatchObject({ local_message_id: "101.01", message: expect.objectContaining({ id: sent.id }) });
    const elsewhere = (await eventsOf(other)).find((e) => e.type === "message");
    expect(elsewhere).toBeDefined();
    expect(elsewhere).not.toHaveProperty("local_message_id");
  });
});

describe("routing comes first: a route the level lacks is unknown to anyone, before authentication", () => {
  it("POST /messages/flags/narrow at FL154 answers 404 without credentials, and 401 from FL155", async () => {
    for (const [level, status] of [
      [154, 404],
      [155, 401],
    ] as const) {
      const server = await createReferenceServer({ featureLevel: level, port: 0 });
      try {
        const res = await client(server, null)("POST", "/messages/flags/narrow", { anchor: "newest" });
        expect(res.status, `FL${level}`).toBe(status);
        if (status === 404) expect(res.body.msg).toMatch(/^No such endpoint/);
      } finally {
        await server.close();
      }
    }
  });
});
