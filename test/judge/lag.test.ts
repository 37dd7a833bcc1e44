import { describe, expect, it } from "vitest";
import { judged, rowOf, Traffic } from "./traffic.ts";

/**
 * The proxy hands an exchange on when the client has its answer and records its end a moment later, so a client's
 * next request may start before the answer it follows "ended", and even be handed on first. The clauses that judge a
 * request by what the client learnt before it (client.declares-capabilities, client.checks-feature-level, FL 153,
 * should) go by when requests were sent, and wait for the slower answer; client.reregisters-after-bad-queue (must)
 * counts the polls of a dead queue sent after the poll that found it dead.
 */
describe("what a client learnt from an answer whose end the proxy recorded late", () => {
  it("client.declares-capabilities: channel typing right after its register, handed on before the register, passes", async () => {
    const t = new Traffic();
    t.send("POST", "/register", {
      form: { event_types: '["typing"]', client_capabilities: '{"stream_typing_notifications":true}' },
      json: { result: "success", msg: "", queue_id: "q1", last_event_id: -1 },
      took: 40,
    });
    // The client had the answer 20 ms in; its typing request is answered before the register's recorded end.
    t.wait(-20).send("POST", "/typing", { form: { type: "stream", op: "start", stream_id: "1", topic: "x" }, took: 1 });
    t.wait(30);
    expect(rowOf(await judged(t), "client.declares-capabilities").status).toBe("pass");
  });

  it("client.checks-feature-level: a dated parameter right after GET /server_settings passes; without it, fails", async () => {
    const t = new Traffic();
    t.send("GET", "/server_settings", { json: { result: "success", msg: "", zulip_feature_level: 372 }, took: 40 });
    t.wait(-20).send("GET", "/messages?anchor=newest&allow_empty_topic_name=true", { took: 1 });
    t.wait(30);
    expect(rowOf(await judged(t), "client.checks-feature-level").status).toBe("pass");
    const u = new Traffic();
    u.send("GET", "/messages?anchor=newest&allow_empty_topic_name=true", { took: 1 });
    u.wait(10_000).send("GET", "/server_settings", { json: { result: "success", msg: "", zulip_feature_level: 372 } });
    expect(rowOf(await judged(u), "client.checks-feature-level").status).toBe("fail");
  });

  it("client.reregisters-after-bad-queue: repolls handed on before the BAD_EVENT_QUEUE_ID answer they follow still count", async () => {
    const t = new Traffic("naive@example.com", "naive/1");
    t.register("q1");
    t.poll("q1", -1, {
      status: 400,
      json: { result: "error", msg: "Bad event queue ID: q1", code: "BAD_EVENT_QUEUE_ID", queue_id: "q1" },
      took: 40,
    });
    t.wait(-20);
    // Two repolls, each answered at once: both handed on before the first answer's recorded end.
    for (let i = 0; i < 2; i++) t.badQueue("q1", -1).durationMs = 1;
    const row = rowOf(await judged(t, 372, t.now + 30_000), "client.reregisters-after-bad-queue");
    expect(row.status).toBe("fail");
    expect(row.failure?.got).toMatch(/^poll 2 of the dead queue, \d+ ms after its BAD_EVENT_QUEUE_ID answer, no register between/);
  });
});
