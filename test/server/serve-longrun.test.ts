import { Agent, request, type IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createReferenceServer } from "../../reference-server/server.ts";
import { serveChild } from "../support/serve-child.ts";

/**
 * `serve` as a long-running server: SIGTERM and SIGINT stop it within a couple of seconds, exit 0, and the clients
 * it had see answers (a long-poll's heartbeat, a closed idle connection), not resets; the heartbeat is 50 s away.
 */
const ROOT = new URL("../../", import.meta.url).pathname;

interface Persona {
  email: string;
  apiKey: string;
}

const basic = (p: Persona) => `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;

/** A request through `agent`: status, parsed body, and when it ended. */
function call(
  agent: Agent,
  url: string,
  path: string,
  auth: string,
  method = "GET",
  body?: string,
): Promise<{ status: number; json: Record<string, unknown>; endedAt: number; res: IncomingMessage }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path: `/api/v1${path}`,
        method,
        agent,
        headers: { authorization: auth, ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString("utf8")));
        res.on("error", reject);
        res.on("end", () => resolve({ status: res.statusCode!, json: JSON.parse(text) as Record<string, unknown>, endedAt: Date.now(), res }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Against a server at `url`: a queue with a long-poll open on it, and an idle keep-alive connection. Resolves with
 * the poll's answer and when the idle connection closed.
 */
async function openClients(url: string, auth: string) {
  const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const pollAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  await call(idleAgent, url, "/server_settings", auth);
  const idleSocket = Object.values(idleAgent.freeSockets).flat()[0]!;
  const idleClosed = new Promise<number>((resolve) => idleSocket.once("close", () => resolve(Date.now())));
  const reg = await call(pollAgent, url, "/register", auth, "POST", 'event_types=["message"]');
  expect(reg.status).toBe(200);
  const queueId = encodeURIComponent(String(reg.json.queue_id));
  const poll = call(pollAgent, url, `/events?queue_id=${queueId}&last_event_id=-1`, auth);
  // The poll is waiting once the server counts it as connected; a short pause is enough on a quiet loopback.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { poll, idleClosed, done: () => (idleAgent.destroy(), pollAgent.destroy()) };
}

describe("serve stops cleanly", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`on ${signal}: answers the open long-poll with its heartbeat, closes idle connections, exits 0 within 2 s`, async () => {
      const { doc, stop } = await serveChild([], ROOT);
      const clients = await openClients(doc.url, basic(doc.personas.member!));
      try {
        const sent = Date.now();
        const code = await stop(signal);
        const exitedAfter = Date.now() - sent;
        expect(code).toBe(0);
        expect(exitedAfter).toBeLessThan(2_000);
        const poll = await clients.poll;
        expect(poll.status).toBe(200);
        expect(poll.json).toEqual({ result: "success", msg: "", events: [{ type: "heartbeat", id: 0 }] });
        expect(poll.res.headers.connection).toBe("close");
        expect(poll.endedAt - sent).toBeLessThan(1_000);
        expect((await clients.idleClosed) - sent).toBeLessThan(2_000);
        await expect(fetch(`${doc.url}/api/v1/server_settings`)).rejects.toThrow();
      } finally {
        clients.done();
      }
    });
  }

  it("close() does the same in process, and a poll that comes later answers at once", async () => {
    const server = await createReferenceServer();
    const auth = basic(server.personas.member!);
    const clients = await openClients(server.url, auth);
    const late = await call(new Agent(), server.url, "/register", auth, "POST", 'event_types=["message"]');
    try {
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(1_500);
      expect((await clients.poll).json.events).toEqual([{ type: "heartbeat", id: 0 }]);
      await clients.idleClosed;
      // A request already on its way when the server closes: its poll does not wait for the 50 s heartbeat.
      const queue = server.runtime.queues.get(String(late.json.queue_id), server.personas.member!.userId)!;
      const waited = Date.now();
      const stays = { on: () => undefined, removeListener: () => undefined };
      expect(await queue.wait(50_000, stays)).toBe("idle");
      expect(Date.now() - waited).toBeLessThan(100);
    } finally {
      clients.done();
    }
  });
});
