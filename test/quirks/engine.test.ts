import { afterEach, describe, expect, it, vi } from "vitest";
import { QUIRKS, type QuirkName } from "../../facts/quirks.ts";
import { QUIRK_LOG_PATH, QuirkEngine, type QuirkFiring } from "../../src/quirks/engine.ts";
import { QUIRK_HEADER, type QuirkPlan, type TakeOver } from "../../src/quirks/hook.ts";
import { EXPIRY_POLLS } from "../../src/quirks/queue-expiry.ts";
import { FIRST_RESTART } from "../../src/quirks/restart.ts";
import { BURST_MS, FIRST_BURST } from "../../src/quirks/five-xx.ts";
import { RATE_REQUESTS, RATE_WINDOW_SECONDS } from "../../src/quirks/rate-limit.ts";
import { HEARTBEAT_WAIT_MS } from "../../src/quirks/heartbeats.ts";
import { CUT_WAIT_MS } from "../../src/quirks/cut-poll.ts";
import { LATENCY_CAP_MS } from "../../src/quirks/latency.ts";

/**
 * The wire-quirk engine on its own (issue 25, item 1): each quirk fires on the schedule its seed draws, the same for
 * the same seed and request order, and makes what facts/quirks.ts says on the wire (status, envelope, headers). The
 * forwarder's part (answering, cutting, the real server behind) is test/quirks/inject.test.ts's.
 */
const LEVEL = { featureLevel: 372, product: "chat" as const };
const auth = (email: string) => `Basic ${Buffer.from(`${email}:key`).toString("base64")}`;

/** An engine for some quirks, on a clock the test moves. */
function engine(quirks: QuirkName[], seed = 1, level: { featureLevel: number; product: "chat" | "zulip" } = LEVEL) {
  let now = 0;
  const fired: QuirkFiring[] = [];
  const e = new QuirkEngine({ quirks, seed, level, now: () => now, onFiring: (f) => fired.push(f) });
  const ask = (method: string, path: string, user: string | null = "ann@example.org"): QuirkPlan =>
    e.plan({ method, path, headers: user ? { authorization: auth(user) } : {} });
  const poll = (queue: string, last = 0, dontBlock = false) =>
    ask("GET", `/api/v1/events?queue_id=${queue}&last_event_id=${last}${dontBlock ? "&dont_block=true" : ""}`);
  return { e, ask, poll, fired, advance: (ms: number) => (now += ms) };
}

const json = (p: QuirkPlan) => JSON.parse(p.answer!.body) as Record<string, unknown>;

/** Starts a plan's watch as the forwarder would and returns what it took over with, if it did. */
function watch(p: QuirkPlan): { taken: () => TakeOver | undefined; stop: () => void } {
  let taken: TakeOver | undefined;
  const stop = p.watch!((t) => {
    if (taken) return false;
    taken = t;
    return true;
  });
  return { taken: () => taken, stop };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the engine: schedules from the seed", () => {
  /** A session's requests: polls of three queues in turn, a few other calls between. */
  function run(quirks: QuirkName[], seed: number) {
    const s = engine(quirks, seed);
    const out: string[] = [];
    for (let i = 0; i < 60; i++) {
      const p = i % 4 === 3 ? s.ask("GET", "/api/v1/users/me") : s.poll(`q${i % 3}`, 0, true);
      out.push(`${p.answer?.status ?? "pass"} ${p.quirk ?? ""}`);
      s.advance(50);
    }
    return { plans: out, fired: s.fired.map((f) => `${f.quirk} ${f.request} ${f.done}`) };
  }

  it("the same seed and request order give the same firings and answers; another seed another schedule", () => {
    const all = QUIRKS.filter((q) => q.kind === "wire" && q.name !== "latency").map((q) => q.name);
    const a = run(all, 7);
    expect(run(all, 7), "same seed (7), same requests: want the same plans and lines").toEqual(a);
    expect(a.fired.length, "a 60-request session with every quirk: want firings").toBeGreaterThan(3);
    const others = [8, 9, 10, 11].map((seed) => run(all, seed).fired);
    expect(
      others.some((f) => JSON.stringify(f) !== JSON.stringify(a.fired)),
      "seeds 8–11: want some schedule other than seed 7's",
    ).toBe(true);
  });

  it("a quirk's schedule does not depend on which other quirks are on", () => {
    const alone = run(["queue-expiry"], 3).fired.filter((f) => f.startsWith("queue-expiry"));
    const beside = run(["queue-expiry", "heartbeats"], 3).fired.filter((f) => f.startsWith("queue-expiry"));
    expect(beside).toEqual(alone);
  });

  it("data quirk names are not the engine's (the reference server makes them); the control is never quirked", () => {
    const s = engine(["no-messages", "5xx-burst"]);
    expect(s.e.names).toEqual(["5xx-burst"]);
    for (let i = 0; i < 40; i++) expect(s.ask("POST", "/reference-control/restart")).toEqual({});
  });
});

describe("queue-expiry", () => {
  it(`expires each queue at one of its polls ${EXPIRY_POLLS[0]}–${EXPIRY_POLLS[1]}: 400 BAD_EVENT_QUEUE_ID then and on every later poll`, () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = engine(["queue-expiry"], seed);
      const answers = Array.from({ length: 8 }, () => s.poll("1700000000:5"));
      const first = answers.findIndex((p) => p.answer) + 1;
      expect(first, `seed ${seed}: the poll that expires the queue`).toBeGreaterThanOrEqual(EXPIRY_POLLS[0]);
      expect(first).toBeLessThanOrEqual(EXPIRY_POLLS[1]);
      for (const p of answers.slice(first - 1)) {
        expect(p.quirk).toBe("queue-expiry");
        expect(p.answer!.status).toBe(400);
        expect(p.answer!.headers[QUIRK_HEADER]).toBe("queue-expiry");
        expect(json(p), "wire §9: the error envelope with code and queue_id").toEqual({
          result: "error",
          msg: "Bad event queue ID: 1700000000:5",
          code: "BAD_EVENT_QUEUE_ID",
          queue_id: "1700000000:5",
        });
      }
      expect(s.fired[0]!.done).toMatch(/^answered 400 BAD_EVENT_QUEUE_ID/);
      expect(s.fired[0]!.request).toBe("GET /api/v1/events?queue_id=1700000000:5&last_event_id=0");
      // Another queue lives until its own poll.
      expect(s.poll("other").answer).toBeUndefined();
    }
  });
});

describe("restart", () => {
  it(`restarts at one of the requests ${FIRST_RESTART[0]}–${FIRST_RESTART[1]}: the open poll gets the restart event, the next poll BAD_EVENT_QUEUE_ID`, () => {
    const s = engine(["restart"], 4);
    s.e.seen({
      method: "POST",
      path: "/api/v1/register",
      targetUrl: "",
      requestHeaders: {},
      status: 200,
      responseBody: Buffer.from('{"queue_id":"idle","chat_version":"10.2"}'),
      startedAt: 0,
      durationMs: 0,
    });
    const open = watch(s.poll("busy", 4));
    let n = 1;
    while (!open.taken() && n < 30) {
      s.ask("GET", "/api/v1/users/me");
      n++;
    }
    expect(n, "the request that restarted the server").toBeGreaterThanOrEqual(FIRST_RESTART[0]);
    expect(n).toBeLessThanOrEqual(FIRST_RESTART[1]);
    const t = open.taken()!;
    expect(t.quirk).toBe("restart");
    const events = (JSON.parse(t.answer!.body) as { events: Record<string, unknown>[] }).events;
    expect(events[0], "FL372 chat: restart without immediate (gone at FL240), ids after last_event_id").toMatchObject({
      type: "restart",
      id: 5,
      chat_version: "10.2",
      chat_feature_level: 372,
    });
    expect(events[0]).not.toHaveProperty("immediate");
    expect(events[1], "from FL240: web_reload_client after it").toEqual({ type: "web_reload_client", id: 6, immediate: false });
    expect(s.poll("busy", 6).answer!.status, "a poll after the restart event: the queue is lost").toBe(400);
    // The queue with no poll open gets its restart event on its next poll, then is lost too.
    expect((json(s.poll("idle", -1)).events as unknown[])[0]).toMatchObject({ type: "restart", id: 0 });
    expect(json(s.poll("idle", 0)).code).toBe("BAD_EVENT_QUEUE_ID");
    expect(s.poll("new-after-restart", -1).answer, "a queue registered after the restart lives").toBeUndefined();
    expect(s.fired.map((f) => f.done).join("\n")).toMatch(/restarted: 2 event queues lost/);
  });

  it("before FL240 the restart event carries immediate: false and comes alone; zulip_ names for zulip", () => {
    const s = engine(["restart"], 4, { featureLevel: 200, product: "zulip" });
    s.poll("q", 2);
    for (let i = 0; i < FIRST_RESTART[1]; i++) s.ask("GET", "/api/v1/users/me");
    const events = json(s.poll("q", 2)).events as Record<string, unknown>[];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "restart", id: 3, zulip_feature_level: 200, zulip_version: "8.0-dev", immediate: false });
    expect(events[0]).not.toHaveProperty("chat_version");
  });
});

describe("5xx-burst", () => {
  it(`from a request ${FIRST_BURST[0]}–${FIRST_BURST[1]}, every request is 502 or 503 HTML for ${BURST_MS[0] / 1000}–${BURST_MS[1] / 1000} s`, () => {
    const s = engine(["5xx-burst"], 2);
    const open = watch(s.poll("q", 0));
    let n = 1;
    let p: QuirkPlan = {};
    while (!p.answer && n < 40) {
      p = s.ask("GET", "/api/v1/users/me");
      n++;
    }
    expect(n).toBeGreaterThanOrEqual(FIRST_BURST[0]);
    expect(n).toBeLessThanOrEqual(FIRST_BURST[1]);
    const status = p.answer!.status;
    expect([502, 503]).toContain(status);
    expect(p.answer!.headers["content-type"]).toBe("text/html");
    expect(p.answer!.body).toMatch(/^<html>/);
    expect(open.taken()?.answer?.status, "the long-poll open when the burst began gets the page too").toBe(status);
    let elapsed = 0;
    while (s.ask("POST", "/api/v1/messages").answer?.status === status && elapsed < 10_000) elapsed += s.advance(100) && 100;
    expect(elapsed, "how long the burst answered").toBeGreaterThanOrEqual(BURST_MS[0] - 100);
    expect(elapsed).toBeLessThanOrEqual(BURST_MS[1]);
    expect(s.fired.map((f) => f.done)).toContainEqual(expect.stringMatching(/a burst of \d\.\d s begins/));
  });
});

describe("rate-limit", () => {
  it(`each user gets N (${RATE_REQUESTS[0]}–${RATE_REQUESTS[1]}) requests in ${RATE_WINDOW_SECONDS} s, then 429 RATE_LIMIT_HIT with Retry-After (wire §18)`, () => {
    const s = engine(["rate-limit"], 5);
    const plans = Array.from({ length: 40 }, () => s.ask("GET", "/api/v1/users/me"));
    const n = plans.findIndex((p) => p.answer);
    expect(n).toBeGreaterThanOrEqual(RATE_REQUESTS[0]);
    expect(n).toBeLessThanOrEqual(RATE_REQUESTS[1]);
    expect(plans[0]!.headers, "an accepted request carries the X-RateLimit headers").toMatchObject({
      "x-ratelimit-limit": String(n),
      "x-ratelimit-remaining": String(n - 1),
    });
    const refused = plans[n]!;
    expect(refused.answer!.status).toBe(429);
    expect(Number(refused.answer!.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.answer!.headers["retry-after"])).toBeLessThanOrEqual(RATE_WINDOW_SECONDS);
    expect(json(refused)).toEqual({ result: "error", msg: "API usage exceeded rate limit", code: "RATE_LIMIT_HIT", "retry-after": RATE_WINDOW_SECONDS });
    expect(s.ask("GET", "/api/v1/users/me", "bo@example.org").answer, "another user has a limit of their own").toBeUndefined();
    expect(s.ask("GET", "/api/v1/server_settings", null).answer, "no credentials: not limited").toBeUndefined();
    s.advance(RATE_WINDOW_SECONDS * 1000);
    expect(s.ask("GET", "/api/v1/users/me").answer, "after Retry-After: accepted again").toBeUndefined();
  });
});

describe("long-polls: early-empty, heartbeats, cut-poll", () => {
  it("early-empty answers about 3 in 10 long-polls (from a queue's 2nd) at once with no events; never a dont_block poll", () => {
    const s = engine(["early-empty"], 6);
    const plans = Array.from({ length: 200 }, () => s.poll("q", 3));
    expect(plans[0]!.answer).toBeUndefined();
    const empty = plans.filter((p) => p.answer);
    expect(empty.length / 200).toBeGreaterThan(0.15);
    expect(empty.length / 200).toBeLessThan(0.45);
    expect(json(empty[0]!)).toEqual({ result: "success", msg: "", events: [] });
    expect(Array.from({ length: 50 }, () => s.poll("q", 3, true)).some((p) => p.answer)).toBe(false);
  });

  it(`heartbeats answer a watched long-poll with a heartbeat of the poll's last_event_id after ${HEARTBEAT_WAIT_MS[0] / 1000}–${HEARTBEAT_WAIT_MS[1] / 1000} s; never a fresh queue's (last_event_id -1)`, () => {
    vi.useFakeTimers();
    const s = engine(["heartbeats"], 7);
    const watched = Array.from({ length: 50 }, () => s.poll("q", 12)).filter((p) => p.watch);
    expect(watched.length / 50).toBeGreaterThan(0.4);
    expect(watched.length / 50).toBeLessThan(0.8);
    const w = watch(watched[0]!);
    vi.advanceTimersByTime(HEARTBEAT_WAIT_MS[0] - 1);
    expect(w.taken()).toBeUndefined();
    vi.advanceTimersByTime(HEARTBEAT_WAIT_MS[1]);
    expect(w.taken()!.quirk).toBe("heartbeats");
    expect(JSON.parse(w.taken()!.answer!.body)).toEqual({ result: "success", msg: "", events: [{ type: "heartbeat", id: 12 }] });
    expect(s.fired[0]!.done).toMatch(/^answered 200 with a heartbeat \(id 12\) after \d+\.\d s$/);
    const stopped = watch(watched[1]!);
    stopped.stop();
    vi.advanceTimersByTime(HEARTBEAT_WAIT_MS[1]);
    expect(stopped.taken(), "the target answered first (the watch stopped): no heartbeat").toBeUndefined();
    expect(Array.from({ length: 30 }, () => s.poll("fresh", -1)).some((p) => p.watch)).toBe(false);
  });

  it(`cut-poll closes a watched long-poll (from a queue's 2nd) ${CUT_WAIT_MS[0] / 1000}–${CUT_WAIT_MS[1] / 1000} s in, with no answer`, () => {
    vi.useFakeTimers();
    const s = engine(["cut-poll"], 8);
    const plans = Array.from({ length: 100 }, () => s.poll("q", 0));
    expect(plans[0]!.watch).toBeUndefined();
    const watched = plans.filter((p) => p.watch);
    expect(watched.length / 100).toBeGreaterThan(0.1);
    expect(watched.length / 100).toBeLessThan(0.4);
    const w = watch(watched[0]!);
    vi.advanceTimersByTime(CUT_WAIT_MS[0] - 1);
    expect(w.taken()).toBeUndefined();
    vi.advanceTimersByTime(CUT_WAIT_MS[1]);
    expect(w.taken()).toEqual({ quirk: "cut-poll" });
    expect(s.fired[0]!.done).toMatch(/^closed the connection after/);
  });
});

describe("latency", () => {
  it(`delays every request by a long-tailed draw: median about 150 ms, at most ${LATENCY_CAP_MS / 1000} s`, () => {
    const s = engine(["latency"], 9);
    const delays = Array.from({ length: 2000 }, () => s.ask("GET", "/api/v1/users/me").delayMs!).sort((a, b) => a - b);
    expect(delays[1000]).toBeGreaterThan(110);
    expect(delays[1000]).toBeLessThan(200);
    const over2s = delays.filter((d) => d > 2000).length / 2000;
    expect(over2s, "about one in a hundred over 2 s").toBeGreaterThan(0.002);
    expect(over2s).toBeLessThan(0.03);
    expect(delays.at(-1)).toBeLessThanOrEqual(LATENCY_CAP_MS);
    expect(s.fired).toHaveLength(2000);
  });
});

describe("the log", () => {
  it(`GET ${QUIRK_LOG_PATH} answers the firings as a JSON array (serve's front)`, () => {
    const e = new QuirkEngine({ quirks: ["queue-expiry"], seed: 1, level: LEVEL, answersLog: true });
    for (let i = 0; i < 8; i++) e.plan({ method: "GET", path: "/api/v1/events?queue_id=a&last_event_id=-1", headers: {} });
    e.note("no-messages", "(the organization, at start)", "no messages");
    const p = e.plan({ method: "GET", path: QUIRK_LOG_PATH, headers: {} });
    expect(p.quirk).toBeUndefined();
    const log = JSON.parse(p.answer!.body) as QuirkFiring[];
    expect(log.length).toBeGreaterThan(2);
    expect(Object.keys(log[0]!).sort()).toEqual(["done", "quirk", "request", "time"]);
    expect(log.at(-1)!.quirk).toBe("no-messages");
  });
});
