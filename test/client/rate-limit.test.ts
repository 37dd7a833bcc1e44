import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../src/client/client.ts";
import { EventQueueReader } from "../../src/client/events.ts";
import type { Exchange } from "../../src/client/exchange.ts";
import { describeRateLimited, RateLimitedError, Throttle, type RateLimitPolicy } from "../../src/client/rate-limit.ts";
import { takeSharedSlot, takeSlot } from "../../src/client/rate-slots.ts";
import { Expectations } from "../../src/expect/expect.ts";

/**
 * The harness's side of wire §18 against a stub that answers as a rate-limited Zulip does: HTTP 429, body
 * {"result":"error","msg":"API usage exceeded rate limit","code":"RATE_LIMIT_HIT","retry-after":<float>}, headers
 * Retry-After and X-RateLimit-*. The stub's script says, per request, what it answers; it records when each
 * request arrived (its own clock), so that "never re-sent before the announced time" is measured where the server
 * would measure it.
 */

type Answer = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };
type Script = (req: IncomingMessage, n: number) => Answer;

interface Arrival {
  at: number;
  method: string;
  path: string;
  user: string;
}

let server: Server;
let base: string;
let script: Script = () => ok();
const arrivals: Arrival[] = [];
let count = 0;

const ok = (extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Answer => ({
  status: 200,
  body: { result: "success", msg: "", ...extra },
  headers,
});
const refusal = (seconds: number, { header = true, body = true } = {}): Answer => ({
  status: 429,
  body: { result: "error", msg: "API usage exceeded rate limit", code: "RATE_LIMIT_HIT", ...(body ? { "retry-after": seconds } : {}) },
  headers: {
    ...(header ? { "retry-after": String(seconds) } : {}),
    "x-ratelimit-limit": "200",
    "x-ratelimit-remaining": "0",
    "x-ratelimit-reset": String(Math.floor(Date.now() / 1000 + seconds)),
  },
});

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const user =
      Buffer.from((req.headers.authorization ?? "Basic ").slice(6), "base64")
        .toString()
        .split(":")[0] ?? "";
    arrivals.push({ at: performance.now(), method: req.method ?? "", path: new URL(req.url ?? "/", "http://x").pathname, user });
    req.resume();
    req.on("end", () => {
      const a = script(req, count++);
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function fresh(s: Script): void {
  script = s;
  arrivals.length = 0;
  count = 0;
}

const member = { email: "member@example.com", apiKey: "k1" };
const admin = { email: "admin@example.com", apiKey: "k2" };
const auto: RateLimitPolicy = { mode: "auto", maxWaitSeconds: 600 };

function clientOf(throttle: Throttle, creds = member, sink: (ex: Exchange) => void = () => undefined): ApiClient {
  return new ApiClient(base, creds, sink, "chat", undefined, {}, throttle);
}

/** The time between a user's consecutive arrivals of one path, as the stub saw them. */
const gapsOf = (user: string, path: string) => {
  const times = arrivals.filter((a) => a.user === user && a.path === path).map((a) => a.at);
  return times.slice(1).map((t, i) => t - times[i]!);
};

describe("429 RATE_LIMIT_HIT is waited out and sent again (wire §18)", () => {
  it("waits the Retry-After header's float seconds, never less, and hands the test only the final answer", async () => {
    fresh((_req, n) => (n < 2 ? refusal(0.35) : ok({ id: 7 })));
    const throttle = new Throttle(auto);
    const seen: Exchange[] = [];
    const res = await clientOf(throttle, member, (ex) => seen.push(ex)).post("/messages", { content: "hi" });
    expect(res.status).toBe(200);
    expect(res.json?.id).toBe(7);
    // The test's sink holds one exchange: the answer it got, not the refusals.
    expect(seen.map((e) => e.status)).toEqual([200]);
    expect(arrivals).toHaveLength(3);
    for (const gap of gapsOf(member.email, "/api/v1/messages")) expect(gap).toBeGreaterThanOrEqual(350);
    const rec = throttle.take()!;
    const lane = rec.lanes.find((l) => l.bucket === "api")!;
    expect(lane).toMatchObject({ email: member.email, requests: 3, limited: 2, limit: "200" });
    expect(lane.resends).toHaveLength(2);
    for (const [announced, kept] of lane.resends) {
      expect(announced).toBe(350);
      expect(kept).toBeGreaterThanOrEqual(announced);
    }
    expect(lane.waitedMs).toBeGreaterThanOrEqual(700);
    expect(lane.endpoints).toEqual({ "POST /messages": 3 });
    // Taken: the next record starts from nothing.
    expect(throttle.take()).toBeNull();
  });

  it("reads the body's retry-after when the header is missing", async () => {
    fresh((_req, n) => (n === 0 ? refusal(0.3, { header: false }) : ok()));
    const throttle = new Throttle(auto);
    expect((await clientOf(throttle).get("/users/me")).status).toBe(200);
    expect(gapsOf(member.email, "/api/v1/users/me")[0]).toBeGreaterThanOrEqual(300);
  });

  it("holds every request of the refused persona and bucket, not another persona's or GET /events", async () => {
    // The member's first POST is refused for 0.6 s; meanwhile the admin's POST and the member's GET /events go out.
    fresh((req, n) => (n === 0 ? refusal(0.6) : ok({ events: [] })));
    const throttle = new Throttle(auto);
    const m = clientOf(throttle);
    const first = m.post("/messages", { content: "a" });
    await new Promise((r) => setTimeout(r, 50));
    const [sameLane, events, other] = await Promise.all([
      m.post("/messages", { content: "b" }),
      m.get("/events", { queue_id: "q" }),
      clientOf(throttle, admin).post("/messages", { content: "c" }),
      first,
    ]);
    expect([sameLane.status, events.status, other.status]).toEqual([200, 200, 200]);
    const t0 = arrivals[0]!.at;
    const late = (user: string, path: string) => arrivals.filter((a) => a.user === user && a.path === path).slice(-1)[0]!.at - t0;
    // Held: the member's other POST waited for the announced time too.
    expect(
      arrivals
        .filter((a) => a.user === member.email && a.path === "/api/v1/messages")
        .map((a) => a.at - t0)
        .slice(1)
        .every((d) => d >= 600),
    ).toBe(true);
    // Not held: a bucket and a persona of their own.
    expect(late(member.email, "/api/v1/events")).toBeLessThan(600);
    expect(late(admin.email, "/api/v1/messages")).toBeLessThan(600);
  });

  it("X-RateLimit-Remaining 0 holds the lane's next request until X-RateLimit-Reset", async () => {
    // Reset is UNIX seconds: the next whole second after now, at least 300 ms away.
    const reset = Math.ceil(Date.now() / 1000 + 0.3);
    fresh((_req, n) => (n === 0 ? ok({}, { "x-ratelimit-limit": "200", "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) }) : ok()));
    const throttle = new Throttle(auto);
    const c = clientOf(throttle);
    await c.get("/users/me");
    await c.get("/users/me");
    const second = arrivals[1]!;
    // The stub's clock is this process's: the second request arrived no earlier than the announced reset.
    expect(performance.timeOrigin + second.at).toBeGreaterThanOrEqual(reset * 1000);
    expect(throttle.take()!.lanes[0]!.limited).toBe(0);
  });

  it("off: a 429 is the test's answer, sent once", async () => {
    fresh(() => refusal(0.2));
    const throttle = new Throttle({ mode: "off", maxWaitSeconds: 600 });
    const seen: Exchange[] = [];
    const res = await clientOf(throttle, member, (ex) => seen.push(ex)).get("/users/me");
    expect(res.status).toBe(429);
    expect(res.json?.code).toBe("RATE_LIMIT_HIT");
    expect(arrivals).toHaveLength(1);
    expect(seen).toHaveLength(1);
    // Still counted: the report's requests per persona.
    expect(throttle.take()!.lanes[0]).toMatchObject({ requests: 1, limited: 0 });
  });

  it("refusals of one request that announce no wait again and again: the waits grow from the fourth on", async () => {
    fresh((_req, n) => (n < 5 ? refusal(0) : ok()));
    const res = await clientOf(new Throttle(auto)).get("/users/me");
    expect(res.status).toBe(200);
    const gaps = gapsOf(member.email, "/api/v1/users/me");
    expect(gaps).toHaveLength(5);
    // 100 ms after the fourth refusal, 200 ms after the fifth.
    expect(gaps[3]).toBeGreaterThanOrEqual(100);
    expect(gaps[4]).toBeGreaterThanOrEqual(200);
  });

  it("a 429 that announces no wait is not the limiter's: it reaches the test", async () => {
    fresh(() => ({ status: 429, body: { result: "error", msg: "slow down", code: "RATE_LIMIT_HIT" } }));
    const res = await clientOf(new Throttle(auto)).get("/users/me");
    expect(res.status).toBe(429);
    expect(arrivals).toHaveLength(1);
  });
});

describe("--max-wait: a wait the run cannot afford ends the persona's requests (exit 2 upstream)", () => {
  it("an announced wait over --max-wait throws RateLimitedError at once, naming the persona, the limit and the wait", async () => {
    fresh(() => refusal(120));
    const throttle = new Throttle({ mode: "auto", maxWaitSeconds: 30 });
    const c = clientOf(throttle);
    const started = performance.now();
    const err = await c.get("/users/me").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    const info = (err as RateLimitedError).info;
    expect(info).toMatchObject({ email: member.email, bucket: "api", limit: "200", announcedSeconds: 120, maxWaitSeconds: 30 });
    expect((err as Error).message).toMatch(/^rate-limited: persona member@example\.com .*limit 200 requests.*120 s announced.*--max-wait 30 s/);
    expect(describeRateLimited(info, "member")).toMatch(/^rate-limited: persona member \(/);
    // It did not wait, and the persona's next request fails without going out.
    expect(performance.now() - started).toBeLessThan(30_000);
    await expect(c.post("/messages")).rejects.toBeInstanceOf(RateLimitedError);
    expect(arrivals).toHaveLength(1);
    // Another persona is not stopped.
    fresh(() => ok());
    expect((await clientOf(throttle, admin).get("/users/me")).status).toBe(200);
    expect(throttle.take()!.rateLimited?.email).toBe(member.email);
  });

  it("the persona's throttled time in all counts against --max-wait", async () => {
    fresh(() => refusal(0.4));
    const throttle = new Throttle({ mode: "auto", maxWaitSeconds: 1 });
    const err = await clientOf(throttle)
      .get("/users/me")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    // 0.4 + 0.4 waited, and a third 0.4 would pass the second allowed.
    expect(arrivals).toHaveLength(3);
    expect((err as RateLimitedError).info.throttledSeconds).toBeGreaterThanOrEqual(0.8);
    expect((err as Error).message).toMatch(/in all/);
  });
});

describe("N/SECONDS: a client-side sliding window per persona", () => {
  it("takeSlot keeps at most n sends in any window and says how long until the next", () => {
    const sent: number[] = [];
    expect([0, 10, 20].map((t) => takeSlot(sent, 3, 100, t))).toEqual([0, 0, 0]);
    expect(takeSlot(sent, 3, 100, 50)).toBe(50);
    expect(takeSlot(sent, 3, 100, 100)).toBe(0);
    expect(sent).toEqual([10, 20, 100]);
  });

  it("paces each persona's API requests, not GET /events, at most N in any SECONDS", async () => {
    fresh(() => ok({ events: [] }));
    const throttle = new Throttle({ mode: "window", requests: 3, seconds: 0.4, maxWaitSeconds: 60 });
    const c = clientOf(throttle);
    await Promise.all(Array.from({ length: 7 }, () => c.get("/users/me")));
    await Promise.all(Array.from({ length: 5 }, () => c.get("/events")));
    const times = arrivals.filter((a) => a.path === "/api/v1/users/me").map((a) => a.at);
    // The 4th request was let go a window after the 1st, the 7th a window after the 4th. The stub sees arrivals, and
    // the window counts from when a request is let go: the first also waited for its connection, which on a loaded
    // machine takes tens of milliseconds, so an arrival may look up to 150 ms early. Unpaced, they would come at once.
    for (let i = 3; i < times.length; i++) expect(times[i]! - times[i - 3]!).toBeGreaterThanOrEqual(250);
    expect(times[2]! - times[0]!).toBeLessThan(350);
    const events = arrivals.filter((a) => a.path === "/api/v1/events").map((a) => a.at);
    expect(events.at(-1)! - events[0]!).toBeLessThan(400);
  });

  it("two processes' throttles that share a folder share one window", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-pace-test-"));
    try {
      fresh(() => ok());
      const policy: RateLimitPolicy = { mode: "window", requests: 2, seconds: 0.4, maxWaitSeconds: 60, shareDir: dir };
      const a = clientOf(new Throttle(policy));
      const b = clientOf(new Throttle(policy));
      await Promise.all([a.get("/users/me"), b.get("/users/me"), a.get("/users/me"), b.get("/users/me")]);
      // The window counts from when a request is let go; the first two went out a connection's making later, so
      // the stub saw the third within a few milliseconds less of the first.
      const times = arrivals.map((x) => x.at).sort((x, y) => x - y);
      expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(250);
      expect(times[3]! - times[1]!).toBeGreaterThanOrEqual(250);
      expect(times[1]! - times[0]!).toBeLessThan(350);
      // The file holds the window's send times; its lock is gone.
      expect(takeSharedSlot(dir, `${new URL(base).origin} ${member.email}`, 2, 400)).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("event waits do not lose their budget to throttling", () => {
  it("a wait of 1 s outlasts a 1.2 s Retry-After on GET /events and gets its event", async () => {
    fresh((req, n) => (n === 0 ? refusal(1.2) : ok({ events: [{ type: "message", id: 5, message: { id: 1 } }], queue_id: "q" })));
    const throttle = new Throttle(auto);
    const expect_ = new Expectations({ id: "fl153.events.long-poll", says: "" }, () => undefined);
    const reader = new EventQueueReader(clientOf(throttle), "q", -1, expect_, 1_000, "budget");
    const [ev] = await reader.until([{ name: "message event", test: (e) => (e.type === "message" ? null : "not a message") }]);
    expect(ev?.id).toBe(5);
    expect(gapsOf(member.email, "/api/v1/events")[0]).toBeGreaterThanOrEqual(1200);
  });
});

describe("CC_THROTTLE_LOG", () => {
  it("writes one line per re-send: origin, email, bucket, the wait announced and kept", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-throttle-log-"));
    const file = join(dir, "log.tsv");
    const was = process.env.CC_THROTTLE_LOG;
    process.env.CC_THROTTLE_LOG = file;
    try {
      fresh((_req, n) => (n === 0 ? refusal(0.2) : ok()));
      const throttle = new Throttle(auto);
      await clientOf(throttle).get("/users/me");
      throttle.take();
      const [line] = readFileSync(file, "utf8").trim().split("\n");
      const [origin, email, bucket, announced, kept] = line!.split("\t");
      expect([origin, email, bucket, Number(announced)]).toEqual([new URL(base).origin, member.email, "api", 200]);
      expect(Number(kept)).toBeGreaterThanOrEqual(200);
    } finally {
      if (was === undefined) delete process.env.CC_THROTTLE_LOG;
      else process.env.CC_THROTTLE_LOG = was;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
