import { describe, expect, it } from "vitest";
import { judged, rowOf, Traffic } from "./traffic.ts";

/**
 * The proxy hands an exchange on when the client has its answer and records its end a moment later, so a client's
 * next request may start before the answer it follows "ended", and even be handed on first. The clauses that judge a
 * request by what the client learnt before it (client.declares-capabilities, client.checks-feature-level, FL 153,
 * should) go by when requests were sent, and wait for the slower answer.
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
});
