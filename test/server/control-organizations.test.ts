import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createReferenceServer } from "../../reference-server/server.ts";

/** POST /reference-control/<op> with the server's secret (or another header value). */
async function control(url: string, secret: string, op: string, body: unknown = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url}/reference-control/${op}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-reference-control": secret },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const reachable = async (url: string) =>
  fetch(`${url}/api/v1/server_settings`, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.status,
    () => "unreachable",
  );

describe("the reference control's throw-away organizations", () => {
  it("start a sibling like the server (its level, its faults) behind the secret, and close it on request", async () => {
    const server = await createReferenceServer({ featureLevel: 241, faults: ["fl153.server.unknown-route"] });
    try {
      expect((await control(server.url, "wrong", "organization")).status).toBe(403);
      const { status, json } = await control(server.url, server.serverConfig.referenceControl, "organization", {
        push_bouncer_url: "http://127.0.0.1:9/bouncer",
      });
      expect(status).toBe(200);
      const url = json.url as string;
      expect(url).not.toBe(server.url);
      expect(Object.keys(json.personas as object)).toEqual(Object.keys(server.personas));
      expect(json.serverConfig).toMatchObject({ pushBouncer: true, pushBouncerUrl: "http://127.0.0.1:9/bouncer" });
      expect((json.serverConfig as { referenceControl: string }).referenceControl).not.toBe(server.serverConfig.referenceControl);
      const settings = (await (await fetch(`${url}/api/v1/server_settings`)).json()) as { chat_feature_level: number };
      expect(settings.chat_feature_level).toBe(241);
      // The parent's fault came along: an unknown route answers success there too.
      expect((await fetch(`${url}/api/v1/no-such-route`)).status).toBe(200);
      expect((await control(server.url, server.serverConfig.referenceControl, "organization/close", { url })).json).toMatchObject({ closed: true });
      expect(await reachable(url)).toBe("unreachable");
    } finally {
      await server.close();
    }
  });

  it("close when the server that started them closes", async () => {
    const server = await createReferenceServer({});
    const { json } = await control(server.url, server.serverConfig.referenceControl, "organization");
    expect(await reachable(json.url as string)).toBe(200);
    await server.close();
    expect(await reachable(json.url as string)).toBe("unreachable");
  });

  it("reach tells whether the server gets an answer from an address (the harness's probe of its own listener)", async () => {
    const server = await createReferenceServer({});
    const page = createServer((_req, res) => res.end("nonce-123"));
    await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = page.address() as AddressInfo;
      expect((await control(server.url, server.serverConfig.referenceControl, "reach", { url: `http://127.0.0.1:${port}/` })).json).toMatchObject({
        status: 200,
        body: "nonce-123",
      });
      expect((await control(server.url, server.serverConfig.referenceControl, "reach", { url: "http://127.0.0.1:9/" })).json.error).toBeTypeOf("string");
    } finally {
      page.close();
      await server.close();
    }
  });
});

describe("the reference control's per-queue heartbeat", () => {
  it("ends that queue's idle polls after the seconds given, while other queues keep the server's heartbeat", async () => {
    const server = await createReferenceServer({ heartbeatMs: 30_000 });
    const member = server.personas.member!;
    const auth = { authorization: `Basic ${Buffer.from(`${member.email}:${member.apiKey}`).toString("base64")}` };
    const register = async () => {
      const res = await fetch(`${server.url}/api/v1/register`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
        body: "event_types=%5B%22heartbeat%22%5D",
      });
      return ((await res.json()) as { queue_id: string }).queue_id;
    };
    try {
      const [quick, slow] = [await register(), await register()];
      const secret = server.serverConfig.referenceControl;
      expect((await control(server.url, secret, "heartbeat", { queue_id: quick, seconds: 0.3 })).json).toMatchObject({ found: true });
      expect((await control(server.url, secret, "heartbeat", { queue_id: "1:no-such-queue", seconds: 1 })).json).toMatchObject({ found: false });
      expect((await control(server.url, secret, "heartbeat", { queue_id: quick, seconds: -1 })).status).toBe(400);
      const poll = (queueId: string, signal?: AbortSignal) =>
        fetch(`${server.url}/api/v1/events?queue_id=${encodeURIComponent(queueId)}&last_event_id=-1`, { headers: auth, ...(signal ? { signal } : {}) });
      const started = Date.now();
      const body = (await (await poll(quick)).json()) as { events: Array<{ type: string }> };
      expect(body.events.map((e) => e.type)).toEqual(["heartbeat"]);
      expect(Date.now() - started).toBeLessThan(5_000);
      // The other queue still waits: its poll is still open a second later.
      const open = poll(slow, AbortSignal.timeout(1_000)).then(
        () => "answered",
        () => "still waiting",
      );
      expect(await open).toBe("still waiting");
    } finally {
      await server.close();
    }
  });
});

describe("the reference control's organization state outside the spec", () => {
  /** A persona's client: POST /register (every event type) and dont_block reads of its queue. */
  const clientOf = (server: { url: string; personas: Record<string, { email: string; apiKey: string } | undefined> }, role: string) => {
    const p = server.personas[role]!;
    const headers = { authorization: `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}` };
    return {
      register: async (fetchTypes: string[]) => {
        const res = await fetch(`${server.url}/api/v1/register`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: `fetch_event_types=${encodeURIComponent(JSON.stringify(fetchTypes))}`,
        });
        return (await res.json()) as Record<string, unknown> & { queue_id: string };
      },
      events: async (queueId: string) => {
        const res = await fetch(`${server.url}/api/v1/events?queue_id=${encodeURIComponent(queueId)}&last_event_id=-1&dont_block=true`, { headers });
        return ((await res.json()) as { events: Array<Record<string, unknown>> }).events.filter((e) => e.type !== "heartbeat").map(({ id: _id, ...e }) => e);
      },
    };
  };

  it("realm-domain adds, changes and removes a sign-up domain: register's realm_domains shows it, every user gets realm_domains events", async () => {
    const server = await createReferenceServer({});
    const secret = server.serverConfig.referenceControl;
    const member = clientOf(server, "member");
    try {
      const { queue_id } = await member.register(["realm_domains"]);
      const op = (body: Record<string, unknown>) => control(server.url, secret, "realm-domain", body);
      expect((await op({ op: "add", domain: "Example.ORG", allow_subdomains: false })).json).toMatchObject({ changed: true });
      expect((await op({ op: "add", domain: "example.org", allow_subdomains: true })).json).toMatchObject({ changed: false });
      expect((await member.register(["realm_domains"])).realm_domains).toEqual([{ domain: "example.org", allow_subdomains: false }]);
      expect((await op({ op: "change", domain: "example.org", allow_subdomains: true })).json).toMatchObject({ changed: true });
      expect((await member.register(["realm_domains"])).realm_domains).toEqual([{ domain: "example.org", allow_subdomains: true }]);
      expect((await op({ op: "remove", domain: "example.org" })).json).toMatchObject({ changed: true });
      expect((await op({ op: "remove", domain: "example.org" })).json).toMatchObject({ changed: false });
      expect((await op({ op: "change", domain: "example.org" })).status).toBe(400);
      expect((await member.register(["realm_domains"])).realm_domains).toEqual([]);
      expect(await member.events(queue_id)).toEqual([
        { type: "realm_domains", op: "add", realm_domain: { domain: "example.org", allow_subdomains: false } },
        { type: "realm_domains", op: "change", realm_domain: { domain: "example.org", allow_subdomains: true } },
        { type: "realm_domains", op: "remove", domain: "example.org" },
      ]);
    } finally {
      await server.close();
    }
  });

  it("sponsorship makes a request pending or not: realm_billing says so to those who manage billing, in register and an event, from its level", async () => {
    const server = await createReferenceServer({});
    const old = await createReferenceServer({ featureLevel: 362 });
    const secret = server.serverConfig.referenceControl;
    const [admin, member] = [clientOf(server, "administrator"), clientOf(server, "member")];
    try {
      const [a, m] = [await admin.register(["realm_billing"]), await member.register(["realm_billing"])];
      expect(a.realm_billing).toEqual({ has_pending_sponsorship_request: false });
      expect((await control(server.url, secret, "sponsorship", { pending: true })).json).toMatchObject({ changed: true });
      expect((await admin.register(["realm_billing"])).realm_billing).toEqual({ has_pending_sponsorship_request: true });
      expect((await member.register(["realm_billing"])).realm_billing).toEqual({ has_pending_sponsorship_request: false });
      expect(await admin.events(a.queue_id)).toEqual([{ type: "realm_billing", property: "has_pending_sponsorship_request", value: true }]);
      expect(await member.events(m.queue_id)).toEqual([]);
      expect((await control(server.url, secret, "sponsorship", { pending: "yes" })).status).toBe(400);
      // Before the level register has realm_billing, no client could see it.
      expect((await control(old.url, old.serverConfig.referenceControl, "sponsorship", { pending: true })).json).toMatchObject({ changed: false });
    } finally {
      await Promise.all([server.close(), old.close()]);
    }
  });
  it("zoom-token revokes or grants a user's Zoom authorisation: has_zoom_token says so to that user alone, in register and an event", async () => {
    const server = await createReferenceServer({});
    const secret = server.serverConfig.referenceControl;
    const [member, other] = [clientOf(server, "member"), clientOf(server, "secondMember")];
    const id = server.personas.member!.userId;
    try {
      const [m, o] = [await member.register(["video_calls"]), await other.register(["video_calls"])];
      expect(m.has_zoom_token).toBe(true);
      expect((await control(server.url, secret, "zoom-token", { user_id: id, held: false })).json).toMatchObject({ changed: true });
      expect((await control(server.url, secret, "zoom-token", { user_id: id, held: false })).json).toMatchObject({ changed: false });
      expect((await member.register(["video_calls"])).has_zoom_token).toBe(false);
      expect((await other.register(["video_calls"])).has_zoom_token).toBe(true);
      expect(await member.events(m.queue_id)).toEqual([{ type: "has_zoom_token", value: false }]);
      expect(await other.events(o.queue_id)).toEqual([]);
      expect((await control(server.url, secret, "zoom-token", { user_id: 99999, held: true })).json).toMatchObject({ changed: false });
      expect((await control(server.url, secret, "zoom-token", { user_id: id })).status).toBe(400);
    } finally {
      await server.close();
    }
  });
  it("default-channel-group makes or removes a group: register's realm_default_stream_groups and a default_stream_groups event to all but guests, channel ids from FL330, objects before", async () => {
    const server = await createReferenceServer({});
    const old = await createReferenceServer({ featureLevel: 329 });
    try {
      for (const s of [server, old]) {
        const secret = s.serverConfig.referenceControl;
        const [member, guest] = [clientOf(s, "member"), clientOf(s, "guest")];
        const [m, g] = [await member.register(["default_stream_groups"]), await guest.register(["default_stream_groups"])];
        expect(m.realm_default_stream_groups).toEqual([]);
        const channels = (await member.register(["stream"])).streams as Array<{ stream_id: number; invite_only: boolean }>;
        const id = channels.find((c) => !c.invite_only)!.stream_id;
        expect(
          (await control(s.url, secret, "default-channel-group", { op: "add", name: "newcomers", description: "start here", stream_ids: [id] })).json,
        ).toMatchObject({ changed: true });
        expect((await control(s.url, secret, "default-channel-group", { op: "add", name: "newcomers", description: "", stream_ids: [] })).json).toMatchObject({
          changed: false,
        });
        const [group] = (await member.register(["default_stream_groups"])).realm_default_stream_groups as Array<{ name: string; streams: unknown[] }>;
        expect(group).toMatchObject({ name: "newcomers", description: "start here" });
        expect(group!.streams).toEqual(s === server ? [id] : [expect.objectContaining({ stream_id: id })]);
        expect((await guest.register(["default_stream_groups"])).realm_default_stream_groups).toEqual([]);
        expect(await member.events(m.queue_id)).toEqual([{ type: "default_stream_groups", default_stream_groups: [group] }]);
        expect(await guest.events(g.queue_id)).toEqual([]);
        expect((await control(s.url, secret, "default-channel-group", { op: "remove", name: "newcomers" })).json).toMatchObject({ changed: true });
        expect((await control(s.url, secret, "default-channel-group", { op: "rename" })).status).toBe(400);
      }
    } finally {
      await Promise.all([server.close(), old.close()]);
    }
  });
});
