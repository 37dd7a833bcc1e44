import { capabilitiesAt, MODERN_CLIENT_CAPABILITIES } from "../../../src/client/capabilities.ts";
import { featureLevelOf, highestEventId, http, sleep, type Account, type Answer } from "./http.ts";

export interface ClientRun {
  /** Requests sent, retries included. */
  requests: number;
  /** Queues registered (one, plus one for each lost queue). */
  registered: number;
  /** Messages sent and events received. */
  sent: number;
  received: number;
}

export interface ClientOptions {
  /** How long the client works before it deletes its queue and stops. */
  seconds: number;
  /** The pause between its messages (each a POST /messages with a typing notification first). */
  sendEveryMs?: number;
  userAgent?: string;
}

/** The first wait after a 5xx or a cut connection, and the longest: the wait doubles in between. */
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 8_000;

/**
 * A client that does what the client clauses (src/catalog/data/client-clauses.yaml) ask: it reads the feature
 * level before anything level-dated and declares only the capabilities the level knows; it waits out each
 * Retry-After; it backs off on 5xx answers and cut connections, doubling the wait; it acknowledges each event by
 * last_event_id; after BAD_EVENT_QUEUE_ID it registers anew and forgets the dead queue; it keeps its rate under
 * 200 requests a minute; and it deletes its queue when done. The project's tests run it through every quirk and
 * expect every client clause to pass or to be not exercised.
 */
export async function carefulClient(base: string, account: Account, o: ClientOptions): Promise<ClientRun> {
  const { send, close } = http(base, account, o.userAgent ?? "CarefulTestClient/1.0");
  const run: ClientRun = { requests: 0, registered: 0, sent: 0, received: 0 };
  const deadline = Date.now() + o.seconds * 1000;

  /**
   * When each of the server's rate-limit buckets (GET /events, and the rest) takes requests again: a 429 to one of
   * the client's loops holds back its other loop's requests of the same bucket too.
   */
  const notBefore = { events: 0, api: 0 };

  /** One request, retried as the clauses want until it has an answer that is neither 429 nor a failure. */
  async function call(
    method: string,
    path: string,
    form?: Record<string, string>,
    until = deadline + 5_000,
    signal?: AbortSignal,
  ): Promise<Answer | undefined> {
    const bucket = method === "GET" && path.startsWith("/events") ? "events" : "api";
    let backoff = BACKOFF_FIRST_MS;
    while (Date.now() < until && !signal?.aborted) {
      const wait = notBefore[bucket] - Date.now();
      if (wait > 0) await sleep(wait);
      run.requests++;
      const a = await send(method, path, form, signal);
      if (signal?.aborted) return undefined;
      if (a.status === 429) {
        notBefore[bucket] = Math.max(notBefore[bucket], Date.now() + Math.ceil((a.retryAfterSeconds ?? 1) * 1000) + 20);
        continue;
      }
      if (a.status === 0 || a.status >= 500) {
        await sleep(backoff);
        backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
        continue;
      }
      return a;
    }
    return undefined;
  }

  const settings = await call("GET", "/server_settings");
  const level = featureLevelOf(settings?.json) ?? 153;
  const capabilities = capabilitiesAt(level, MODERN_CLIENT_CAPABILITIES);

  /** The channel it writes to, learnt from its first register (typing notifications name it by id). */
  let general: number | undefined;
  async function register(): Promise<{ queue: string; last: number } | undefined> {
    const a = await call("POST", "/register", {
      event_types: JSON.stringify(["message", "typing"]),
      fetch_event_types: JSON.stringify(["message", "subscription"]),
      client_capabilities: JSON.stringify(capabilities),
    });
    if (a?.status !== 200 || typeof a.json?.["queue_id"] !== "string") return undefined;
    run.registered++;
    const subs = Array.isArray(a.json["subscriptions"]) ? (a.json["subscriptions"] as { name?: unknown; stream_id?: unknown }[]) : [];
    const found = subs.find((s) => s.name === "general")?.stream_id;
    if (typeof found === "number") general = found;
    return { queue: a.json["queue_id"] as string, last: typeof a.json["last_event_id"] === "number" ? (a.json["last_event_id"] as number) : -1 };
  }

  let queue = await register();
  // At the end the open long-poll is given up, as an app closing does, rather than waited out.
  const stop = new AbortController();
  setTimeout(() => stop.abort(), Math.max(0, deadline - Date.now())).unref();
  const poller = (async () => {
    while (queue !== undefined && Date.now() < deadline) {
      const q: { queue: string; last: number } = queue;
      const a = await call("GET", `/events?queue_id=${encodeURIComponent(q.queue)}&last_event_id=${q.last}`, undefined, deadline + 5_000, stop.signal);
      if (a === undefined) break;
      if (a.status === 400 && a.json?.["code"] === "BAD_EVENT_QUEUE_ID") {
        queue = await register();
        continue;
      }
      if (a.status !== 200) continue;
      const events = Array.isArray(a.json?.["events"]) ? (a.json["events"] as unknown[]) : [];
      run.received += events.length;
      q.last = highestEventId(a.json, q.last);
    }
  })();
  const sender = (async () => {
    while (Date.now() < deadline) {
      // Channel typing by stream_id is FL215's form; before it the client sends none rather than guess.
      if (level >= 215 && general !== undefined && capabilities["stream_typing_notifications"])
        await call("POST", "/typing", { type: "stream", op: "start", stream_id: String(general), topic: "quirks" });
      const a = await call("POST", "/messages", { type: "stream", to: "general", topic: "quirks", content: `careful ${run.sent}` });
      if (a?.status === 200) run.sent++;
      await sleep(o.sendEveryMs ?? 400);
    }
  })();
  await Promise.all([poller, sender]);
  // The queue is deleted however long the server takes to take requests again.
  if (queue !== undefined) await call("DELETE", "/events", { queue_id: queue.queue }, Date.now() + 30_000);
  await close();
  return run;
}
