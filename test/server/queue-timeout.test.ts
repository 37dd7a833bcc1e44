import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, ReferenceServerOptionError, type ReferenceServer } from "../../reference-server/server.ts";

/** Idle event queues expire after the server's queue timeout, and the client is told so as real servers tell it. */
let server: ReferenceServer;
let auth: string;

beforeAll(async () => {
  server = await createReferenceServer({ queueTimeoutSeconds: 2, heartbeatMs: 60_000 });
  const m = server.personas.member!;
  auth = `Basic ${Buffer.from(`${m.email}:${m.apiKey}`).toString("base64")}`;
});
afterAll(() => server.close());

async function call(method: string, path: string, params: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const query = method === "GET" || method === "DELETE" ? `?${new URLSearchParams(params).toString()}` : "";
  const res = await fetch(`${server.url}/api/v1${path}${query}`, {
    method,
    headers: { authorization: auth },
    ...(method === "POST" ? { body: new URLSearchParams(params) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

const register = async (params: Record<string, string> = {}) =>
  ((await call("POST", "/register", { event_types: '["message"]', fetch_event_types: '["realm_user"]', ...params })).body as { queue_id: string }).queue_id;

/** Waits until the queue is gone, at most `ms`, looking in the server's model: a poll would keep the queue alive. */
async function untilGone(queueId: string, ms: number): Promise<void> {
  const started = Date.now();
  const userId = server.personas.member!.userId;
  while (server.runtime.queues.get(queueId, userId)) {
    if (Date.now() - started > ms) throw new Error(`queue ${queueId} still there after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("queueTimeoutSeconds", () => {
  it("collects a queue left unpolled past the timeout, promptly; GET and DELETE /events then answer as real servers do", async () => {
    const idle = await register();
    const kept = await register({ queue_lifespan_secs: "3600" });
    const started = Date.now();
    // Polling touches the queue: wait on the other one, without touching this one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await call("GET", "/events", { queue_id: kept, last_event_id: "-1", dont_block: "true" })).status).toBe(200);
    await untilGone(idle, 6_000);
    // The timeout (2 s), the clock's whole seconds and a collection every half timeout: gone between 2 and 4 s.
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2_000);
    expect(elapsed).toBeLessThanOrEqual(4_500);
    const want = { result: "error", msg: `Bad event queue ID: ${idle}`, code: "BAD_EVENT_QUEUE_ID", queue_id: idle };
    expect(await call("GET", "/events", { queue_id: idle, last_event_id: "-1" })).toEqual({ status: 400, body: want });
    expect(await call("DELETE", "/events", { queue_id: idle })).toEqual({ status: 400, body: want });
    // A client that asked for a lifespan of its own keeps its queue.
    expect((await call("GET", "/events", { queue_id: kept, last_event_id: "-1", dont_block: "true" })).status).toBe(200);
  });

  it("keeps a queue whose client is polling it, however long the poll", async () => {
    const queue = await register();
    const controller = new AbortController();
    const poll = fetch(`${server.url}/api/v1/events?queue_id=${encodeURIComponent(queue)}&last_event_id=-1`, {
      headers: { authorization: auth },
      signal: controller.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    controller.abort();
    await poll;
    expect((await call("GET", "/events", { queue_id: queue, last_event_id: "-1", dont_block: "true" })).status).toBe(200);
  });

  it("refuses a timeout that is not a whole number of seconds of at least 1", async () => {
    for (const bad of [0, -5, 1.5, Number.NaN]) {
      await expect(createReferenceServer({ queueTimeoutSeconds: bad })).rejects.toThrow(ReferenceServerOptionError);
    }
  });
});
