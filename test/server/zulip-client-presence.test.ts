import { afterAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

type Call = (method: string, path: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Raw HTTP as a real client speaks it, with the given User-Agent (null: none at all). */
function client(server: ReferenceServer, role: string, userAgent: string | null): Call {
  const p = server.personas[role as keyof typeof server.personas] as { email: string; apiKey: string };
  const authorization = `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;
  return async (method, path, params = {}) => {
    const form = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]));
    const get = method === "GET";
    // fetch sends its own User-Agent unless one is set; an empty one is dropped, so "no User-Agent" is a raw request.
    const headers: Record<string, string> = { authorization, ...(get ? {} : { "content-type": "application/x-www-form-urlencoded" }) };
    if (userAgent !== null) headers["user-agent"] = userAgent;
    const url = new URL(`${server.url}/api/v1${path}${get ? `?${form}` : ""}`);
    if (userAgent === null) return rawRequest(url, method, headers, get ? "" : form.toString());
    const res = await fetch(url, { method, headers, ...(get ? {} : { body: form }) });
    return (await res.json()) as Record<string, unknown>;
  };
}

async function rawRequest(url: URL, method: string, headers: Record<string, string>, body: string): Promise<Record<string, unknown>> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve(JSON.parse(text) as Record<string, unknown>));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const servers: ReferenceServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));
async function start(featureLevel: number, product: "zulip" | "chat"): Promise<ReferenceServer> {
  const s = await createReferenceServer({ featureLevel, port: 0, product, heartbeatMs: 1000 });
  servers.push(s);
  return s;
}

async function sendAndRead(server: ReferenceServer, userAgent: string | null) {
  const member = server.personas.member as { userId: number };
  const send = client(server, "secondMember", userAgent);
  const reader = client(server, "member", "ZulipTerminal/0.7.0");
  const queue = await reader("POST", "/register", { event_types: ["message"] });
  const id = (await send("POST", "/messages", { type: "private", to: [member.userId], content: "hi" })).id as number;
  const single = ((await reader("GET", `/messages/${id}`)).message as { client: string }).client;
  const page = (await reader("GET", "/messages", { anchor: id, num_before: 0, num_after: 0 })).messages as Array<{ client: string }>;
  const events = (await reader("GET", "/events", { queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).events as Array<{
    type: string;
    message?: { client: string };
  }>;
  return { single, fetched: page[0]!.client, event: events.find((e) => e.type === "message")!.message!.client };
}

describe("a message's client, named by the sender's User-Agent (wire §14 message client; api/messages/client-name.ts)", () => {
  for (const fl of [372, 153]) {
    it(`--product zulip FL${fl}: the User-Agent's first product token, in GET /messages, GET /messages/{id} and the message event`, async () => {
      const server = await start(fl, "zulip");
      const terminal = "ZulipTerminal/0.7.0 (Linux 6.1; Python 3.11)";
      expect(await sendAndRead(server, terminal)).toEqual({ single: "ZulipTerminal", fetched: "ZulipTerminal", event: "ZulipTerminal" });
      expect(await sendAndRead(server, "ZulipMobile/27.192 (Android 13)")).toEqual({ single: "ZulipMobile", fetched: "ZulipMobile", event: "ZulipMobile" });
    });
  }
});

async function presenceOf(server: ReferenceServer, userAgent: string) {
  const observer = client(server, "member", "ZulipTerminal/0.7.0");
  const queue = await observer("POST", "/register", { event_types: ["presence"] });
  await client(server, "secondMember", userAgent)("POST", "/users/me/presence", { status: "active" });
  const email = (server.personas.secondMember as { email: string }).email;
  const realm = ((await observer("GET", "/realm/presence")).presences as Record<string, Record<string, Record<string, unknown>>>)[email]!;
  const events = (await observer("GET", "/events", { queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).events as Array<{
    type: string;
    presence?: Record<string, Record<string, unknown>>;
  }>;
  return { realm, event: events.find((e) => e.type === "presence")!.presence! };
}

const entry = (client: string) => ({ client, status: "active", timestamp: expect.any(Number) as number });

describe("legacy presence shapes (ZULIP_LEVELS.aggregatedPresenceWithoutPushable, presenceClientNotStored FL178)", () => {
  for (const fl of [372, 178]) {
    it(`--product zulip FL${fl}: keyed aggregated and website, aggregated without pushable; the event's entry is website's`, async () => {
      const p = await presenceOf(await start(fl, "zulip"), "ZulipMobile/27.192");
      expect(p.realm).toEqual({ aggregated: entry("website"), website: { ...entry("website"), pushable: false } });
      expect(p.event).toEqual({ website: { ...entry("website"), pushable: false } });
    });
  }

  it("--product zulip FL177 and FL153: keyed and named by the reporting client, as before FL178", async () => {
    for (const fl of [177, 153]) {
      const p = await presenceOf(await start(fl, "zulip"), "ZulipMobile/27.192 (Android 13)");
      expect(p.realm).toEqual({ aggregated: entry("ZulipMobile"), ZulipMobile: { ...entry("ZulipMobile"), pushable: false } });
      expect(p.event).toEqual({ ZulipMobile: { ...entry("ZulipMobile"), pushable: false } });
    }
  });

  it("default product FL153: the spec's shape at every level, website entries with pushable under both keys", async () => {
    const p = await presenceOf(await start(153, "chat"), "ZulipMobile/27.192");
    expect(p.realm).toEqual({ aggregated: { ...entry("website"), pushable: false }, website: { ...entry("website"), pushable: false } });
  });
});
