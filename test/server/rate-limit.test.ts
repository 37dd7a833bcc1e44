import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { RateLimiter, SlidingLog, TokenBucket } from "../../reference-server/http/rate-limit.ts";
import { createReferenceServer, ReferenceServerOptionError, type ReferenceServer, type ReferenceServerOptions } from "../../reference-server/server.ts";
import { main } from "../../src/cli/main.ts";
import { ServerConfigSchema } from "../../src/target/server-config.ts";
import { serveChild } from "../support/serve-child.ts";

/**
 * The reference server's rate limits, as real servers limit (wire §18): a sliding log of accepted requests per user,
 * GET /events in a token bucket of its own, 429 RATE_LIMIT_HIT with Retry-After and the X-RateLimit-* headers, and
 * 401, 404 and 405 answered before any limit. Time is the limiter's injectable clock, never a wait.
 */

const ROOT = new URL("../../", import.meta.url).pathname;

describe("the sliding log (api_by_user)", () => {
  it("refuses the 201st request within 60 s until the oldest of the last 200 is 60 s old; refused ones are not recorded", () => {
    const log = new SlidingLog({ requests: 200, windowSeconds: 60 });
    for (let i = 0; i < 200; i++) expect(log.take(1, 1000 + i * 0.1)).toMatchObject({ allowed: true, remaining: 199 - i });
    // The oldest of the last 200 was sent at 1000: it is 60 s old at 1060.
    const refused = log.take(1, 1025);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 200 });
    expect(refused.retryAfter).toBeCloseTo(35, 9);
    // Refusals are not recorded: the wait still counts from the request at 1000, however many were refused.
    for (let t = 1026; t < 1060; t += 3) expect(log.take(1, t).retryAfter).toBeCloseTo(1060 - t, 9);
    expect(log.take(1, 1060).allowed).toBe(true);
    // Now the oldest of the last 200 is the one sent at 1000.1.
    const next = log.take(1, 1060.05);
    expect(next.allowed).toBe(false);
    expect(next.retryAfter).toBeCloseTo(0.05, 9);
    expect(log.take(1, 1060.1).allowed).toBe(true);
  });

  it("agrees with the definition on any sequence of requests (N-th newest accepted under T s old: refused)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 80 }),
        (n, t, gapsMs) => {
          const log = new SlidingLog({ requests: n, windowSeconds: t });
          const accepted: number[] = [];
          let now = 0;
          for (const gap of gapsMs) {
            // Milliseconds as integers, so the model compares exactly.
            now += gap;
            const nthNewest = accepted.length >= n ? accepted[accepted.length - n]! : undefined;
            const refuse = nthNewest !== undefined && now - nthNewest < t * 1000;
            const d = log.take(7, now / 1000);
            expect(d.allowed).toBe(!refuse);
            if (refuse) expect(d.retryAfter).toBeCloseTo((nthNewest + t * 1000 - now) / 1000, 9);
            else {
              accepted.push(now);
              expect(d.remaining).toBe(n - accepted.filter((a) => now - a < t * 1000).length);
            }
          }
        },
      ),
    );
  });

  it("keeps each user's log apart", () => {
    const log = new SlidingLog({ requests: 2, windowSeconds: 10 });
    expect([log.take(1, 0).allowed, log.take(1, 1).allowed, log.take(1, 2).allowed]).toEqual([true, true, false]);
    expect([log.take(2, 2).allowed, log.take(2, 3).allowed, log.take(2, 4).allowed]).toEqual([true, true, false]);
  });
});

describe("GET /events' bucket", () => {
  it("takes a burst, then one request per interval; Retry-After is at most the interval", () => {
    const bucket = new TokenBucket({ burst: 3, intervalSeconds: 0.5 });
    for (let i = 0; i < 3; i++) expect(bucket.take(1, 100).allowed).toBe(true);
    const refused = bucket.take(1, 100);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 3 });
    expect(refused.retryAfter).toBeCloseTo(0.5, 9);
    expect(bucket.take(1, 100.25).retryAfter).toBeCloseTo(0.25, 9);
    expect(bucket.take(1, 100.5).allowed).toBe(true);
    expect(bucket.take(1, 100.6).retryAfter).toBeCloseTo(0.4, 9);
    expect(bucket.take(1, 101).allowed).toBe(true);
    // A long pause refills the burst, no more.
    for (let i = 0; i < 3; i++) expect(bucket.take(1, 200).allowed).toBe(true);
    expect(bucket.take(1, 200).allowed).toBe(false);
  });

  it("never asks for a wait longer than the interval, and accepts at once after the wait it asked for", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 60 }),
        (burst, interval, gaps) => {
          const bucket = new TokenBucket({ burst, intervalSeconds: interval });
          let now = 1_000;
          for (const gap of gaps) {
            now += gap;
            const d = bucket.take(1, now);
            if (d.allowed) continue;
            expect(d.retryAfter).toBeGreaterThan(0);
            expect(d.retryAfter).toBeLessThanOrEqual(interval + 1e-9);
            now += d.retryAfter;
            expect(bucket.take(1, now).allowed).toBe(true);
          }
        },
      ),
    );
  });
});

describe("the limits of a reference server", () => {
  const servers: ReferenceServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  /** A server limited to 5 requests / 2 s and events 3 / 0.5 s, on a clock the test moves. */
  async function start(options: ReferenceServerOptions = {}) {
    const server = await createReferenceServer({
      heartbeatMs: 200,
      rateLimit: { requests: 5, windowSeconds: 2 },
      eventsRateLimit: { burst: 3, intervalSeconds: 0.5 },
      ...options,
    });
    servers.push(server);
    const clock = { now: 1_800_000_000 };
    server.runtime.limiter.clock = () => clock.now;
    const auth = (role: string) => {
      const p = server.personas[role]!;
      return `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;
    };
    const call = (role: string | null, method: string, path: string, body?: Record<string, string>) =>
      fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: role === null ? {} : { authorization: auth(role) },
        ...(body !== undefined ? { body: new URLSearchParams(body) } : {}),
      });
    return { server, clock, auth, call };
  }

  const limitHeaders = (res: Response) => ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"].map((h) => res.headers.get(h));

  it("answers the request over the limit with 429 RATE_LIMIT_HIT, the wait in retry-after and Retry-After, and X-RateLimit-* on every answer", async () => {
    const { clock, call } = await start();
    const t0 = clock.now;
    for (let i = 0; i < 5; i++) {
      clock.now = t0 + i * 0.25;
      const res = await call("member", "GET", "/users/me");
      expect(res.status).toBe(200);
      // Free again 2 s after the newest request.
      expect(limitHeaders(res)).toEqual(["5", String(4 - i), String(Math.floor(clock.now + 2)), null]);
    }
    clock.now = t0 + 1.5;
    const refused = await call("member", "GET", "/users/me");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/json");
    const body = (await refused.json()) as Record<string, unknown>;
    expect(body).toEqual({ result: "error", msg: "API usage exceeded rate limit", code: "RATE_LIMIT_HIT", "retry-after": expect.any(Number) });
    // The oldest of the last five (t0) is 2 s old at t0 + 2.
    expect(body["retry-after"]).toBeCloseTo(0.5, 6);
    expect(limitHeaders(refused)).toEqual(["5", "0", String(Math.floor(t0 + 2)), String(body["retry-after"])]);
    // Refused requests are not recorded: at t0 + 2 the request is accepted, however many were refused.
    for (const t of [1.6, 1.8, 1.99]) {
      clock.now = t0 + t;
      expect((await call("member", "GET", "/users/me")).status).toBe(429);
    }
    clock.now = t0 + 2;
    expect((await call("member", "GET", "/users/me")).status).toBe(200);
  });

  it("answers 401, 404 and 405 before any limit, and counts errors the handler answers", async () => {
    const { server, clock, call } = await start();
    const wrong = `Basic ${Buffer.from(`${server.personas.member!.email}:${"x".repeat(32)}`).toString("base64")}`;
    for (let i = 0; i < 8; i++) {
      const unauthorized = await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: wrong } });
      expect([unauthorized.status, unauthorized.headers.get("x-ratelimit-limit")]).toEqual([401, null]);
      expect((await call("member", "GET", "/no/such/endpoint")).status).toBe(404);
      const wrongMethod = await call("member", "PUT", "/users/me");
      expect([wrongMethod.status, wrongMethod.headers.get("x-ratelimit-limit")]).toEqual([405, null]);
    }
    // None of those counted: five requests remain, and a 400 from the handler is one of them, with the headers.
    const bad = await call("member", "GET", "/messages?anchor=nonsense&num_before=0&num_after=1");
    expect([bad.status, bad.headers.get("x-ratelimit-remaining")]).toEqual([400, "4"]);
    for (let i = 0; i < 4; i++) expect((await call("member", "GET", "/users/me")).status).toBe(200);
    expect((await call("member", "GET", "/users/me")).status).toBe(429);
    clock.now += 2;
    expect((await call("member", "GET", "/users/me")).status).toBe(200);
  });

  it("limits each user apart, and never limits server_settings or the reference control", async () => {
    const { server, auth, call } = await start();
    for (let i = 0; i < 5; i++) expect((await call("member", "GET", "/users/me")).status).toBe(200);
    expect((await call("member", "GET", "/users/me")).status).toBe(429);
    expect((await call("secondMember", "GET", "/users/me")).status).toBe(200);
    for (let i = 0; i < 8; i++) {
      const settings = await call(null, "GET", "/server_settings");
      expect([settings.status, settings.headers.get("x-ratelimit-limit")]).toEqual([200, null]);
      const control = await fetch(`${server.url}/reference-control/clock`, {
        method: "POST",
        headers: { "x-reference-control": server.serverConfig.referenceControl, authorization: auth("member") },
        body: JSON.stringify({ advance_seconds: 0 }),
      });
      expect(control.status).toBe(200);
    }
  });

  it("counts GET /events in a bucket of its own: a burst, then one per interval; other requests are not held back", async () => {
    const { clock, call } = await start();
    const registered = await call("member", "POST", "/register", { event_types: JSON.stringify(["message"]) });
    const { queue_id } = (await registered.json()) as { queue_id: string };
    const poll = () => call("member", "GET", `/events?${new URLSearchParams({ queue_id, last_event_id: "-1", dont_block: "true" })}`);
    for (let i = 0; i < 3; i++) {
      const res = await poll();
      expect([res.status, res.headers.get("x-ratelimit-limit"), res.headers.get("x-ratelimit-remaining")]).toEqual([200, "3", String(2 - i)]);
    }
    const refused = await poll();
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; "retry-after": number };
    expect(body.code).toBe("RATE_LIMIT_HIT");
    expect(body["retry-after"]).toBeGreaterThan(0);
    expect(body["retry-after"]).toBeLessThanOrEqual(0.5);
    expect(Number(refused.headers.get("retry-after"))).toBe(body["retry-after"]);
    // The API log holds only the register: four more requests pass.
    for (let i = 0; i < 4; i++) expect((await call("member", "GET", "/users/me")).status).toBe(200);
    clock.now += 0.5;
    expect((await poll()).status).toBe(200);
    expect((await poll()).status).toBe(429);
  });

  it("counts a download with credentials in the user's log (an API view on real servers)", async () => {
    const { server, auth, call } = await start({ rateLimit: { requests: 3, windowSeconds: 2 } });
    const form = new FormData();
    form.append("file", new Blob(["x"], { type: "text/plain" }), "x.txt");
    const uploaded = await fetch(`${server.url}/api/v1/user_uploads`, { method: "POST", headers: { authorization: auth("member") }, body: form });
    const { url } = (await uploaded.json()) as { url: string };
    const get = () => fetch(`${server.url}${url}`, { headers: { authorization: auth("member") } });
    expect([(await get()).status, (await get()).status]).toEqual([200, 200]);
    const refused = await get();
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([429, "RATE_LIMIT_HIT"]);
    expect((await call("member", "GET", "/users/me")).status).toBe(429);
  });

  it("is off unless asked for, and the events bucket follows rateLimit unless given", async () => {
    const off = await createReferenceServer();
    servers.push(off);
    expect([off.runtime.limiter.rateLimit, off.runtime.limiter.eventsRateLimit, off.serverConfig.rateLimit, off.serverConfig.eventsRateLimit]).toEqual([
      null,
      null,
      undefined,
      undefined,
    ]);
    const p = off.personas.member!;
    const res = await fetch(`${off.url}/api/v1/users/me`, { headers: { authorization: `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}` } });
    expect([res.status, res.headers.get("x-ratelimit-limit")]).toEqual([200, null]);
    const on = await createReferenceServer({ rateLimit: { requests: 200, windowSeconds: 60 } });
    servers.push(on);
    expect([on.serverConfig.rateLimit, on.serverConfig.eventsRateLimit]).toEqual([
      { requests: 200, windowSeconds: 60 },
      { burst: 200, intervalSeconds: 0.3 },
    ]);
    const eventsOff = await createReferenceServer({ rateLimit: { requests: 200, windowSeconds: 60 }, eventsRateLimit: null });
    servers.push(eventsOff);
    expect(eventsOff.runtime.limiter.take(1, "events")).toBeUndefined();
    // What the server declares is what a personas file may carry.
    expect(ServerConfigSchema.safeParse(on.serverConfig).success).toBe(true);
  });

  it("passes its limits to the throw-away organizations it starts", async () => {
    const { server } = await start();
    const res = await fetch(`${server.url}/reference-control/organization`, {
      method: "POST",
      headers: { "x-reference-control": server.serverConfig.referenceControl },
      body: "{}",
    });
    const sibling = (await res.json()) as { serverConfig: Record<string, unknown> };
    expect([sibling.serverConfig.rateLimit, sibling.serverConfig.eventsRateLimit]).toEqual([
      { requests: 5, windowSeconds: 2 },
      { burst: 3, intervalSeconds: 0.5 },
    ]);
  });

  it("refuses malformed limits with an error naming the option", async () => {
    for (const bad of [
      { requests: 0, windowSeconds: 60 },
      { requests: 1.5, windowSeconds: 60 },
      { requests: 200, windowSeconds: 0 },
      { requests: 200, windowSeconds: Number.NaN },
    ]) {
      await expect(createReferenceServer({ rateLimit: bad })).rejects.toThrow(ReferenceServerOptionError);
      await expect(createReferenceServer({ rateLimit: bad })).rejects.toThrow(/^rateLimit must be/);
    }
    await expect(createReferenceServer({ eventsRateLimit: { burst: 200, intervalSeconds: -1 } })).rejects.toThrow(/^eventsRateLimit must be/);
  });

  it("uses the wall clock by default, not the reference control's", () => {
    const limiter = new RateLimiter({ requests: 1, windowSeconds: 60 }, null);
    expect(Math.abs(limiter.clock() - Date.now() / 1000)).toBeLessThan(5);
  });
});

describe("serve --rate-limit and --events-rate-limit", () => {
  it("refuse bad values with exit 2 and a line naming the option", async () => {
    const cases: Array<[string, string]> = [
      ["--rate-limit", "200"],
      ["--rate-limit", "0/60"],
      ["--rate-limit", "200/0"],
      ["--rate-limit", "200/-1"],
      ["--rate-limit", "abc/60"],
      ["--rate-limit", "2.5/60"],
      ["--rate-limit", "200/60s"],
      ["--events-rate-limit", "200"],
      ["--events-rate-limit", "200/x"],
    ];
    for (const [option, value] of cases) {
      const err: string[] = [];
      const code = await main(["serve", "--port", "0", option, value], { out: () => {}, err: (s) => err.push(s) });
      expect([code, err.join("\n")], `${option} ${value}`).toEqual([2, expect.stringContaining(`${option} must be`)]);
      expect(err.join("\n")).toContain(`got '${value}'`);
    }
  });

  it("serve --rate-limit 5/3600 limits as it says and states the limits in serverConfig", async () => {
    const { doc, stop } = await serveChild(["--rate-limit", "5/3600", "--events-rate-limit", "off"], ROOT);
    try {
      expect([doc.serverConfig?.rateLimit, doc.serverConfig?.eventsRateLimit]).toEqual([{ requests: 5, windowSeconds: 3600 }, undefined]);
      const p = doc.personas.member!;
      const headers = { authorization: `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}` };
      const statuses: number[] = [];
      // An hour's window: the sixth is refused however slowly the machine answers.
      for (let i = 0; i < 6; i++) statuses.push((await fetch(`${doc.url}/api/v1/users/me`, { headers })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      expect(await stop()).toBe(0);
    }
  });

  it("serve without --rate-limit states no limits", async () => {
    const { doc, stop } = await serveChild([], ROOT);
    try {
      expect([doc.serverConfig?.rateLimit, doc.serverConfig?.eventsRateLimit]).toEqual([undefined, undefined]);
    } finally {
      expect(await stop()).toBe(0);
    }
  });
});
