import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuirkName } from "../../facts/quirks.ts";
import { createReferenceServer, type PersonaCredentials, type ReferenceServer } from "../../reference-server/server.ts";
import type { Observed } from "../../src/client/observed.ts";
import { startForwarder, type Forwarder } from "../../src/proxy/forward.ts";
import { NO_ANSWER } from "../../src/proxy/checker.ts";
import { startProxy } from "../../src/proxy/proxy.ts";
import { QuirkEngine } from "../../src/quirks/engine.ts";
import { QUIRK_HEADER } from "../../src/quirks/hook.ts";
import { jsonBody } from "../support/json-body.ts";

/**
 * The wire quirks made by the forwarder between a client and a real server (issue 25, item 2: proxy --inject), here
 * the reference server: what the client gets on the wire (status, envelope, headers, a cut connection), that the
 * server's own answers pass untouched around them, and that each exchange a quirk shaped is marked with it. Waits
 * are shrunk (timeScale) and bounds loose: behaviour, not speed.
 */
const FL = 372;
const LEVEL = { featureLevel: FL, product: "chat" as const };
/** The server's idle long-poll answer (its heartbeat): a quirk that takes a poll over comes well before it. */
const SERVER_HEARTBEAT_MS = 3_000;
const SCALE = 0.05;

let server: ReferenceServer;
let me: PersonaCredentials;

beforeAll(async () => {
  server = await createReferenceServer({ featureLevel: FL, heartbeatMs: SERVER_HEARTBEAT_MS });
  me = server.personas.owner!;
});
afterAll(async () => {
  await server.close();
});

/** A seed whose engine, asked about `polls` long-polls of one queue, shapes the last of them (found by asking it). */
function seedShapingPoll(quirk: QuirkName, polls: number, last: number): number {
  for (let seed = 1; seed < 500; seed++) {
    const e = new QuirkEngine({ quirks: [quirk], seed, level: LEVEL });
    let p = {};
    for (let i = 0; i < polls; i++) p = e.plan({ method: "GET", path: `/api/v1/events?queue_id=q&last_event_id=${last}`, headers: {} });
    if ("answer" in p || "watch" in p) return seed;
  }
  throw new Error(`no seed below 500 makes ${quirk} shape poll ${polls}`);
}

interface Front {
  forwarder: Forwarder;
  engine: QuirkEngine;
  exchanges: Observed[];
  call: (
    method: string,
    path: string,
    form?: Record<string, string>,
  ) => Promise<{ status: number; headers: Record<string, unknown>; json: Record<string, unknown> | undefined; ms: number }>;
  register: () => Promise<string>;
}

async function front(quirks: QuirkName[], seed: number, timeScale = SCALE): Promise<Front> {
  const exchanges: Observed[] = [];
  const engine = new QuirkEngine({ quirks, seed, level: LEVEL, timeScale });
  const forwarder = await startForwarder({ target: server.url, quirks: engine, onExchange: (ex) => exchanges.push(ex) }, "127.0.0.1", 0);
  const auth = `Basic ${Buffer.from(`${me.email}:${me.apiKey}`).toString("base64")}`;
  const call: Front["call"] = async (method, path, form) => {
    const t0 = performance.now();
    const res = await request(`${forwarder.url}/api/v1${path}`, {
      method: method as "GET",
      headers: { authorization: auth, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: form ? new URLSearchParams(form).toString() : null,
    });
    const text = await res.body.text();
    const json = jsonBody(text);
    return { status: res.statusCode, headers: res.headers, json, ms: performance.now() - t0 };
  };
  const register = async () => String((await call("POST", "/register", { event_types: JSON.stringify(["message"]) })).json?.queue_id);
  return { forwarder, engine, exchanges, call, register };
}

/** Waits until the forwarder has reported the exchange it is finishing. */
const settle = () => new Promise((r) => setTimeout(r, 50));

describe("proxy --inject: the wire quirks through a real server", () => {
  it("queue-expiry: a poll from the queue's 3rd to 6th is 400 BAD_EVENT_QUEUE_ID, made by the quirk; earlier polls are the server's", async () => {
    const f = await front(["queue-expiry"], 1);
    try {
      const queue = await f.register();
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await f.call("GET", `/events?queue_id=${encodeURIComponent(queue)}&last_event_id=-1&dont_block=true`));
      const first = answers.findIndex((a) => a.status === 400);
      expect(first + 1, `the poll that met queue-expiry (statuses: ${answers.map((a) => a.status).join(", ")})`).toBeGreaterThanOrEqual(3);
      expect(first + 1).toBeLessThanOrEqual(6);
      for (const a of answers.slice(0, first)) expect(a.headers[QUIRK_HEADER], "a poll before expiry: the server's own answer").toBeUndefined();
      for (const a of answers.slice(first)) {
        expect(a.json).toEqual({ result: "error", msg: `Bad event queue ID: ${queue}`, code: "BAD_EVENT_QUEUE_ID", queue_id: queue });
        expect(a.headers[QUIRK_HEADER]).toBe("queue-expiry");
      }
      await settle();
      const polls = f.exchanges.filter((e) => e.path.startsWith("/api/v1/events"));
      expect(polls.map((e) => e.quirk ?? "-")).toEqual(answers.map((a) => (a.status === 400 ? "queue-expiry" : "-")));
      expect(JSON.parse(polls[first]!.responseBody!.toString()).code).toBe("BAD_EVENT_QUEUE_ID");
      expect(f.engine.log[0]!.quirk).toBe("queue-expiry");
    } finally {
      await f.forwarder.close();
    }
  });

  it("restart: an open long-poll is answered with the restart event and web_reload_client (FL372), the next poll BAD_EVENT_QUEUE_ID; a new queue lives", async () => {
    const f = await front(["restart"], 2);
    try {
      const queue = await f.register();
      const open = f.call("GET", `/events?queue_id=${encodeURIComponent(queue)}&last_event_id=-1`);
      let done = false;
      void open.then(() => (done = true));
      let sent = 0;
      while (!done && sent < 25) {
        await f.call("GET", "/users/me");
        sent++;
      }
      const answer = await open;
      expect(answer.headers[QUIRK_HEADER]).toBe("restart");
      const events = answer.json?.events as Record<string, unknown>[];
      expect(events[0]).toMatchObject({ type: "restart", id: 0, chat_feature_level: FL });
      expect(typeof events[0]!.chat_version).toBe("string");
      expect(events[1]).toEqual({ type: "web_reload_client", id: 1, immediate: false });
      const next = await f.call("GET", `/events?queue_id=${encodeURIComponent(queue)}&last_event_id=1&dont_block=true`);
      expect(next.json?.code).toBe("BAD_EVENT_QUEUE_ID");
      const fresh = await f.register();
      expect((await f.call("GET", `/events?queue_id=${encodeURIComponent(fresh)}&last_event_id=-1&dont_block=true`)).status).toBe(200);
      await settle();
      expect(f.exchanges.find((e) => e.quirk === "restart" && e.status === 200)?.path).toMatch(/^\/api\/v1\/events\?/);
    } finally {
      await f.forwarder.close();
    }
  });

  it("heartbeats: a long-poll answered with a heartbeat (id = last_event_id) well before the server's own", async () => {
    const f = await front(["heartbeats"], seedShapingPoll("heartbeats", 1, 0));
    try {
      const queue = await f.register();
      const a = await f.call("GET", `/events?queue_id=${encodeURIComponent(queue)}&last_event_id=0`);
      expect(a.headers[QUIRK_HEADER]).toBe("heartbeats");
      expect(a.json).toEqual({ result: "success", msg: "", events: [{ type: "heartbeat", id: 0 }] });
      expect(a.ms, "the heartbeat came within the quirk's (scaled) wait, not the server's").toBeLessThan(SERVER_HEARTBEAT_MS);
      await settle();
      expect(f.exchanges.at(-1)!.quirk).toBe("heartbeats");
      expect(f.engine.log.at(-1)!.done).toMatch(/heartbeat \(id 0\)/);
    } finally {
      await f.forwarder.close();
    }
  });

  it("early-empty: a long-poll answered at once with no events", async () => {
    const f = await front(["early-empty"], seedShapingPoll("early-empty", 2, -1));
    try {
      const queue = await f.register();
      await f.call("GET", `/events?queue_id=${encodeURIComponent(queue)}&last_event_id=-1&dont_block=true`);
      const a = await f.call("GET", `/events?queue_id=${encodeURIComponent(queue)}&last_event_id=-1`);
      expect(a.json).toEqual({ result: "success", msg: "", events: [] });
      expect(a.headers[QUIRK_HEADER]).toBe("early-empty");
      expect(a.ms).toBeLessThan(SERVER_HEARTBEAT_MS);
    } finally {
      await f.forwarder.close();
    }
  });

  it("cut-poll: a long-poll's connection closed with no answer; the queue still works after; the proxy raises no no-answer finding for it", async () => {
    const seed = seedShapingPoll("cut-poll", 2, -1);
    const engine = new QuirkEngine({ quirks: ["cut-poll"], seed, level: LEVEL, timeScale: SCALE });
    const proxy = await startProxy({ target: server.url, level: { ...LEVEL, notes: [] }, quirks: engine });
    const auth = { authorization: `Basic ${Buffer.from(`${me.email}:${me.apiKey}`).toString("base64")}` };
    try {
      const reg = await request(`${proxy.url}/api/v1/register`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
        body: "event_types=%5B%22message%22%5D",
      });
      const queue = String(((await reg.body.json()) as { queue_id: string }).queue_id);
      const poll = (extra = "") => request(`${proxy.url}/api/v1/events?queue_id=${encodeURIComponent(queue)}&last_event_id=-1${extra}`, { headers: auth });
      await (await poll("&dont_block=true")).body.text();
      const t0 = performance.now();
      const cut = await poll().then(
        () => "answered",
        (e: Error) => e.message,
      );
      expect(cut, "want the connection closed before any answer").not.toBe("answered");
      expect(performance.now() - t0).toBeLessThan(SERVER_HEARTBEAT_MS);
      const after = await poll("&dont_block=true");
      expect(after.statusCode, "the server kept the queue: the next poll is answered").toBe(200);
      await after.body.text();
      await proxy.settled();
      expect(engine.log.map((l) => l.quirk)).toEqual(["cut-poll"]);
      expect(proxy.findings.filter((x) => x.clause === NO_ANSWER)).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it("5xx-burst: for a few seconds every request is 502 or 503 HTML, then the server answers again", async () => {
    const f = await front(["5xx-burst"], 3);
    try {
      let a = await f.call("GET", "/users/me");
      let n = 1;
      while (a.status === 200 && n < 25) {
        a = await f.call("GET", "/users/me");
        n++;
      }
      expect([502, 503], `request ${n} (of the 8th–20th)`).toContain(a.status);
      expect(a.headers["content-type"]).toBe("text/html");
      expect(a.json).toBeUndefined();
      const t0 = performance.now();
      while (a.status !== 200 && performance.now() - t0 < 5_000) {
        await new Promise((r) => setTimeout(r, 20));
        a = await f.call("GET", "/users/me");
      }
      expect(a.status, "after the burst: the server's answer").toBe(200);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(2_000 * SCALE - 50);
      await settle();
      expect(f.exchanges.filter((e) => e.quirk === "5xx-burst").length).toBeGreaterThan(0);
    } finally {
      await f.forwarder.close();
    }
  });

  it("rate-limit: over the user's limit a 429 RATE_LIMIT_HIT with Retry-After; accepted answers carry the X-RateLimit headers", async () => {
    const f = await front(["rate-limit"], 4);
    try {
      const answers = [];
      for (let i = 0; i < 32; i++) answers.push(await f.call("GET", "/users/me"));
      expect(answers[0]!.status).toBe(200);
      expect(answers[0]!.headers["x-ratelimit-limit"]).toMatch(/^\d+$/);
      const refused = answers.find((a) => a.status === 429);
      expect(refused, "32 requests at once: want a 429").toBeDefined();
      expect(refused!.json).toMatchObject({ result: "error", code: "RATE_LIMIT_HIT" });
      expect(Number(refused!.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused!.json!["retry-after"]).toBe(Number(refused!.headers["retry-after"]));
    } finally {
      await f.forwarder.close();
    }
  });

  it("latency: each answer comes after the delay the quirk drew, and the exchange is marked", async () => {
    const f = await front(["latency"], 5, 1);
    try {
      for (let i = 0; i < 4; i++) expect((await f.call("GET", "/users/me")).status).toBe(200);
      await settle();
      const drawn = f.engine.log.map((l) => Number(/delayed ([\d.]+) s/.exec(l.done)![1]) * 1000);
      expect(drawn).toHaveLength(4);
      f.exchanges.forEach((e, i) => {
        expect(e.quirk).toBe("latency");
        expect(e.durationMs, `exchange ${i}: want at least the ${drawn[i]} ms drawn`).toBeGreaterThanOrEqual(drawn[i]! - 15);
      });
    } finally {
      await f.forwarder.close();
    }
  });
});
