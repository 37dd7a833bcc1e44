import { describe, expect, it } from "vitest";
import { judged, rowOf, Traffic } from "./traffic.ts";

/**
 * Each client clause (src/catalog/data/client-clauses.yaml) judged over synthetic traffic: a naive client fails
 * it, with the failure naming the clause, what was wanted, what came and the exchange that showed it (with its
 * curl line); a careful client passes it; a session that never exercised it gives n/a with why.
 */

/** The failing row's failure, checked for what every failure record carries. */
function failureOf(rows: Awaited<ReturnType<typeof judged>>, clause: string) {
  const row = rowOf(rows, clause);
  expect(row.status, `${clause}: ${row.title}`).toBe("fail");
  expect(row.failure?.clause).toBe(clause);
  expect(row.failure?.says.length).toBeGreaterThan(20);
  expect(row.curl).toMatch(/^curl /);
  expect(row.curl).not.toContain("secret-key");
  expect(row.exchanges[0]?.url).toBe(row.failure?.exchange?.url);
  return row.failure!;
}

const passes = async (t: Traffic, clause: string, fl?: number) => {
  const row = rowOf(await judged(t, fl), clause);
  expect(row.status, `${clause}: ${row.message ?? row.title}`).toBe("pass");
  return row;
};

const notExercised = async (t: Traffic, clause: string, why: RegExp) => {
  const row = rowOf(await judged(t), clause);
  expect(row.status).toBe("n/a");
  expect(row.message).toMatch(why);
};

describe("client.reregisters-after-bad-queue (FL 153, must; quirks queue-expiry, restart)", () => {
  const C = "client.reregisters-after-bad-queue";

  it("a naive client polling the dead queue in a loop fails, naming its second poll after BAD_EVENT_QUEUE_ID", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    t.register("q1");
    t.badQueue("q1", -1);
    t.badQueue("q1", -1);
    const second = t.wait(100).badQueue("q1", -1);
    t.badQueue("q1", -1);
    const f = failureOf(await judged(t), C);
    expect(f.exchange?.url).toBe(second.targetUrl);
    expect(f.want).toMatch(/at most 1 more poll of the dead queue q1/);
    expect(f.got).toMatch(/^poll 2 of the dead queue, \d+ ms after its BAD_EVENT_QUEUE_ID answer, no register between \(made by the queue-expiry quirk\)$/);
  });

  it("a register the client sent as the proxy still finished the BAD_EVENT_QUEUE_ID answer counts: pass", async () => {
    const t = new Traffic();
    t.register("q1");
    // The proxy records the answer's end after the client, which had it, started (and had answered) its register.
    t.badQueue("q1", -1).durationMs += 40;
    t.register("q2");
    t.poll("q2", -1);
    expect((await judged(t, 372, t.now + 30_000)).find((r) => r.clauses[0] === C)?.status).toBe("pass");
  });

  it("a client that stops after BAD_EVENT_QUEUE_ID fails once the session went on past the grace (10 s), naming that answer", async () => {
    const t = new Traffic();
    t.register("q1");
    const bad = t.badQueue("q1", -1);
    const f = failureOf(await judged(t, 372, t.now + 30_000), C);
    expect(f.exchange?.url).toBe(bad.targetUrl);
    expect(f.got).toMatch(/nothing more from the client in the 30\.0 s the session went on/);
    // Within the grace the client is given time: not judged.
    expect(rowOf(await judged(t, 372, t.now + 2000), C).status).toBe("n/a");
  });

  it("a careful client registers again and polls its new queue: pass", async () => {
    const t = new Traffic();
    t.register("q1");
    t.badQueue("q1", -1);
    t.wait(50).register("q2");
    t.poll("q2", -1);
    const row = await passes(t, C);
    expect(row.title).toMatch(/held on 1 BAD_EVENT_QUEUE_ID answers/);
  });

  it("n/a when no poll was answered BAD_EVENT_QUEUE_ID", async () => {
    const t = new Traffic();
    t.register("q1");
    t.poll("q1", -1);
    await notExercised(t, C, /^not exercised: no poll was answered BAD_EVENT_QUEUE_ID$/);
  });
});

describe("client.honours-retry-after (FL 153, must; quirk rate-limit): no request of the bucket before Retry-After less 50 ms", () => {
  const C = "client.honours-retry-after";
  const limited = (t: Traffic, seconds: string) =>
    t.send("GET", "/users/me", {
      status: 429,
      headers: { "retry-after": seconds },
      json: { result: "error", msg: "API usage exceeded rate limit", code: "RATE_LIMIT_HIT", "retry-after": Number(seconds) },
      quirk: "rate-limit",
    });

  it("a naive client that sends again 100 ms after a 429 saying 2 s fails, naming the early request", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    limited(t, "2");
    const early = t.wait(100).send("GET", "/users/me");
    const f = failureOf(await judged(t), C);
    expect(f.exchange?.url).toBe(early.targetUrl);
    expect(f.want).toBe("no request outside GET /events until 2000 ms after the 429 (Retry-After), less 50 ms");
    expect(f.got).toBe("GET /users/me sent 100 ms after the 429, 1900 ms early (made by the rate-limit quirk)");
  });

  it("a careful client waits the 2 s (a long-poll of the other bucket meanwhile is no breach): pass", async () => {
    const t = new Traffic();
    t.register("q1");
    limited(t, "2");
    t.wait(10).poll("q1", -1);
    t.wait(1990 - 5 - 10).send("GET", "/users/me");
    await passes(t, C);
  });

  it("the wait may come from the body's retry-after when the header is absent", async () => {
    const t = new Traffic();
    t.send("GET", "/users/me", { status: 429, json: { result: "error", msg: "", code: "RATE_LIMIT_HIT", "retry-after": 0.5 } });
    t.wait(200).send("GET", "/users/me");
    expect(failureOf(await judged(t), C).got).toMatch(/300 ms early/);
  });

  it("n/a when no 429 stated a wait", async () => {
    const t = new Traffic();
    t.send("GET", "/users/me");
    await notExercised(t, C, /^not exercised: no 429 stating a wait \(Retry-After\) was answered$/);
  });
});

describe("client.backs-off-on-5xx (FL 153, should; quirks 5xx-burst, cut-poll): ≥ 250 ms after a failure, never shrinking", () => {
  const C = "client.backs-off-on-5xx";
  const bad = (t: Traffic, status = 502) => t.send("GET", "/messages?anchor=newest", { status, json: { result: "error", msg: "" }, quirk: "5xx-burst" });

  it("a naive client retrying 10 ms after a 502 fails, naming the retry", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    bad(t);
    const retry = t.wait(10).send("GET", "/messages?anchor=newest&num_before=1");
    const f = failureOf(await judged(t), C);
    expect(f.exchange?.url).toBe(retry.targetUrl);
    expect(f.want).toBe("a wait of at least 250 ms after a 502 answer before sending GET /messages again");
    expect(f.got).toBe("sent again 10 ms after a 502 answer (made by the 5xx-burst quirk)");
  });

  it("a wait that shrinks over consecutive failures fails (1000 ms, then 400 ms)", async () => {
    const t = new Traffic();
    bad(t);
    t.wait(1000);
    bad(t, 503);
    const third = t.wait(400).send("GET", "/messages?anchor=newest");
    const f = failureOf(await judged(t), C);
    expect(f.exchange?.url).toBe(third.targetUrl);
    expect(f.got).toBe("sent again 400 ms after a 503 answer: the wait shrank (made by the 5xx-burst quirk)");
  });

  it("a cut long-poll polled again at once fails", async () => {
    const t = new Traffic();
    t.register("q1");
    t.poll("q1", -1, { cut: true, took: 2000, quirk: "cut-poll" });
    t.poll("q1", -1);
    expect(failureOf(await judged(t), C).got).toBe("sent again 0 ms after a cut connection (made by the cut-poll quirk)");
  });

  it("a careful client backs off 300, 600, 1200 ms: pass", async () => {
    const t = new Traffic();
    bad(t);
    t.wait(300);
    bad(t);
    t.wait(600);
    bad(t);
    t.wait(1200).send("GET", "/messages?anchor=newest");
    expect((await passes(t, C)).title).toMatch(/held on 3 retries/);
  });

  it("n/a when no failure was followed by the same request", async () => {
    const t = new Traffic();
    bad(t);
    t.send("GET", "/users/me");
    await notExercised(t, C, /^not exercised: no 5xx answer or cut connection was followed by the same request$/);
  });
});

describe("client.acknowledges-events (FL 153, must): last_event_id is the highest id given on the queue", () => {
  const C = "client.acknowledges-events";

  it("a naive client that always sends -1 fails: the events are re-delivered; the poll is named", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    t.register("q1", -1);
    t.poll("q1", -1, { events: [0, 1] });
    const again = t.poll("q1", -1, { events: [0, 1] });
    const f = failureOf(await judged(t), C);
    expect(f.exchange?.url).toBe(again.targetUrl);
    expect(f.want).toBe("last_event_id 1: the highest event id given on queue q1 before this poll");
    expect(f.got).toBe("last_event_id -1: the events after -1 up to 1 are asked for again (re-delivered)");
  });

  it("a client asking past what it was given fails: those events are skipped", async () => {
    const t = new Traffic();
    t.register("q1", 4);
    t.poll("q1", 9);
    expect(failureOf(await judged(t), C).got).toBe("last_event_id 9: the events after 4 up to 9 were never given, and are skipped");
  });

  it("a careful client acknowledges each answer, heartbeats and empty answers included; a cut poll gives nothing: pass", async () => {
    const t = new Traffic();
    t.register("q1", 2);
    t.poll("q1", 2, { events: [3, 4] });
    t.poll("q1", 4, { events: [5], quirk: "heartbeats" });
    t.poll("q1", 5, { quirk: "early-empty" });
    t.poll("q1", 5, { cut: true, quirk: "cut-poll" });
    t.wait(300).poll("q1", 5);
    expect((await passes(t, C)).title).toMatch(/held on 5 polls/);
  });

  it("a poll sent as the proxy still finished the answer before it: that answer's ids are allowed, not more", async () => {
    const t = new Traffic();
    t.register("q1", 2);
    // The client had the whole body and polled again before the proxy's pipe to it ended: the proxy records the
    // end after the next poll's start.
    t.poll("q1", 2, { events: [3, 4] }).durationMs += 10;
    t.poll("q1", 4);
    expect((await passes(t, C)).title).toMatch(/held on 2 polls/);
    const u = new Traffic();
    u.register("q1", 2);
    u.poll("q1", 2, { events: [3, 4] }).durationMs += 10;
    u.poll("q1", 7);
    expect(failureOf(await judged(u), C).got).toBe("last_event_id 7: the events after 4 up to 7 were never given, and are skipped");
  });

  it("a poll after an answer the proxy could not read (over its cap) is not judged; the client's id is taken from there", async () => {
    const t = new Traffic();
    t.register("q1", -1);
    const big = t.poll("q1", -1, { events: [0] });
    delete big.responseBody;
    big.responseTooLarge = true;
    t.poll("q1", 40);
    t.poll("q1", 40);
    expect((await passes(t, C)).title).toMatch(/held on 2 polls/);
  });

  it("n/a when no queue was polled", async () => {
    const t = new Traffic();
    t.register("q1");
    await notExercised(t, C, /^not exercised: no poll of a queue whose highest event id was known$/);
  });
});

describe("client.declares-capabilities (FL 153, should): what a client relies on, it declares", () => {
  const C = "client.declares-capabilities";

  it("channel typing without stream_typing_notifications fails, naming the POST /typing", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    t.register("q1", -1, { client_capabilities: '{"notification_settings_null":true}' });
    const typing = t.send("POST", "/typing", { form: { type: "stream", op: "start", stream_id: "1", topic: "x" } });
    const f = failureOf(await judged(t), C);
    expect(f.exchange?.url).toBe(typing.targetUrl);
    expect(f.want).toBe(
      "client_capabilities declaring stream_typing_notifications in the register, since it sends typing notifications for a channel (type 'stream')",
    );
  });

  it("a register asking for user_settings without user_settings_object fails, naming the register itself", async () => {
    const t = new Traffic();
    const reg = t.register("q1", -1, { fetch_event_types: '["user_settings"]', client_capabilities: "{}" });
    const f = failureOf(await judged(t), C);
    expect(f.exchange?.url).toBe(reg.targetUrl);
    expect(f.got).toBe("this register does not declare it");
  });

  it("sending to the empty topic needs empty_topic_name at FL 334 and later, and is not judged below (the capability is FL 334's)", async () => {
    const t = new Traffic();
    t.register("q1", -1, { client_capabilities: "{}" });
    t.send("POST", "/messages", { form: { type: "stream", to: "general", topic: "", content: "x" } });
    expect(failureOf(await judged(t), C).want).toMatch(/empty_topic_name/);
    expect(rowOf(await judged(t, 300), C).status).toBe("n/a");
  });

  it("a careful client declares what it relies on: pass", async () => {
    const t = new Traffic();
    t.register("q1", -1, {
      fetch_event_types: '["user_settings"]',
      client_capabilities: '{"stream_typing_notifications":true,"user_settings_object":true,"empty_topic_name":true}',
    });
    t.send("POST", "/typing", { form: { type: "channel", op: "start", stream_id: "1", topic: "x" } });
    t.send("GET", `/messages?anchor=newest&narrow=${encodeURIComponent('[{"operator":"topic","operand":""}]')}`);
    expect((await passes(t, C)).title).toMatch(/held on 3 requests that rely on a capability/);
  });

  it("n/a without evidence of reliance", async () => {
    const t = new Traffic();
    t.register("q1");
    t.send("GET", "/users/me");
    await notExercised(t, C, /^not exercised: no request of the client relied on a capability's format after a register$/);
  });
});

describe("client.checks-feature-level (FL 153, should): a level-dated parameter only after the level is known, and offered by it", () => {
  const C = "client.checks-feature-level";
  const dated = (t: Traffic) => t.send("GET", "/messages?anchor=newest&num_before=5&num_after=0&allow_empty_topic_name=true");

  it("a naive client sending allow_empty_topic_name (FL 334) before learning the level fails, naming the request", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    const first = dated(t);
    t.register("q1");
    const f = failureOf(await judged(t), C);
    expect(f.exchange?.url).toBe(first.targetUrl);
    expect(f.want).toBe(
      "the feature level learnt (POST /register or GET /server_settings) before using the parameter 'allow_empty_topic_name' of GET /messages (added at FL 334)",
    );
  });

  it("a client told FL 300 that still sends it fails: the level lacks it", async () => {
    const t = new Traffic();
    new Traffic("anonymous", t.agent, t).send("GET", "/server_settings", { json: { result: "success", msg: "", zulip_feature_level: 300 } });
    dated(t);
    const f = failureOf(await judged(t, 300), C);
    expect(f.want).toBe("no use of the parameter 'allow_empty_topic_name' of GET /messages (added at FL 334) on a server at FL 300");
  });

  it("a careful client asks GET /server_settings first (unauthenticated, the same User-Agent): pass", async () => {
    const t = new Traffic();
    new Traffic("anonymous", t.agent, t).send("GET", "/server_settings", { json: { result: "success", msg: "", zulip_feature_level: 372 } });
    dated(t);
    t.send("POST", "/typing", { form: { type: "stream", op: "start", stream_id: "1", topic: "x" } });
    expect((await passes(t, C)).title).toMatch(/held on 2 level-dated requests/);
  });

  it("n/a when nothing level-dated was used", async () => {
    const t = new Traffic();
    t.send("GET", "/users/me");
    await notExercised(t, C, /^not exercised: no request used an endpoint or parameter that a level added or removed$/);
  });
});

describe("client.request-rate (FL 153, should): at most 200 requests outside GET /events in any 60 s", () => {
  const C = "client.request-rate";

  it("a naive client sending 201 in 10 s fails, naming the 201st", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    for (let i = 0; i < 200; i++) t.wait(45).send("GET", `/users/me?i=${i}`);
    const over = t.wait(45).send("GET", "/users/me?i=200");
    const f = failureOf(await judged(t), C);
    expect(f.exchange?.url).toBe(over.targetUrl);
    expect(f.got).toBe("request 201 in the 60.0 s up to this one (GET /users/me)");
  });

  it("a careful client's 300 requests over 120 s, and polls beside them, pass", async () => {
    const t = new Traffic();
    for (let i = 0; i < 300; i++) {
      t.wait(395).send("GET", "/users/me");
      if (i % 10 === 0) t.poll("q1", -1);
    }
    expect((await passes(t, C)).title).toMatch(/held over 300 requests outside GET \/events, at most \d+ in any 60\.0 s/);
  });

  it("n/a for a client that only polled", async () => {
    const t = new Traffic();
    t.poll("q1", -1);
    await notExercised(t, C, /^not exercised: the client made no request outside GET \/events$/);
  });
});

describe("client.deletes-queue (FL 153, should): every queue deleted or lost by the session's end", () => {
  const C = "client.deletes-queue";

  it("a naive client leaving its queue fails, naming the register that made it", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    const reg = t.register("q1");
    t.poll("q1", -1);
    const f = failureOf(await judged(t), C);
    expect(f.exchange?.url).toBe(reg.targetUrl);
    expect(f.want).toBe("DELETE /events for queue q1 by the end of the session (or the queue lost)");
  });

  it("a careful client deletes its queue; a queue the server lost needs no delete: pass", async () => {
    const t = new Traffic();
    t.register("q1");
    t.badQueue("q1", -1);
    t.register("q2");
    t.deleteQueue("q2");
    expect((await passes(t, C)).title).toMatch(/held on 2 queues registered/);
  });

  it("n/a for a client that registered no queue", async () => {
    const t = new Traffic();
    t.send("GET", "/users/me");
    await notExercised(t, C, /^not exercised: the client registered no queue$/);
  });
});

describe("the clauses' levels", () => {
  it("a session with a server below a clause's level (FL 153) judges nothing: n/a, saying the levels", async () => {
    const t = new Traffic();
    t.register("q1");
    t.poll("q1", 9);
    const rows = await judged(t, 100);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["n/a"]));
    expect(rowOf(rows, "client.acknowledges-events").message).toBe("the server is at FL 100; the clause applies from FL 153");
  });
});
