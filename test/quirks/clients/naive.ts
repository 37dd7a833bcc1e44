import type { ClientOptions, ClientRun } from "./careful.ts";
import { http, sleep, type Account, type Answer } from "./http.ts";

/** How soon the naive client tries again after anything went wrong: at once, give or take. */
const RETRY_MS = 10;

/**
 * A client written the way the client clauses warn against, one flaw per clause: it uses a level-dated parameter
 * (allow_empty_topic_name, FL334) before it knows the level; it sends channel typing notifications without
 * declaring stream_typing_notifications; it retries a 429 or a 5xx at once; it acknowledges message events only,
 * and starts over from -1 after an answer without one (a heartbeat, an empty answer) or a failed poll, so that
 * events come again; it polls a queue the server called BAD_EVENT_QUEUE_ID until it stops;
 * it sends ten requests a second; and it leaves its queue behind. The project's tests expect each clause to fail
 * for it under the quirk that exercises the clause.
 */
export async function naiveClient(base: string, account: Account, o: ClientOptions): Promise<ClientRun> {
  const { send, close } = http(base, account, o.userAgent ?? "NaiveTestClient/0.1");
  const run: ClientRun = { requests: 0, registered: 0, sent: 0, received: 0 };
  const deadline = Date.now() + o.seconds * 1000;

  async function call(method: string, path: string, form?: Record<string, string>): Promise<Answer | undefined> {
    while (Date.now() < deadline) {
      run.requests++;
      const a = await send(method, path, form);
      if (a.status === 429 || a.status === 0 || a.status >= 500) {
        await sleep(RETRY_MS);
        continue;
      }
      return a;
    }
    return undefined;
  }

  await call("GET", "/messages?anchor=newest&num_before=20&num_after=0&allow_empty_topic_name=true");
  const reg = await call("POST", "/register", { event_types: JSON.stringify(["message", "typing"]), fetch_event_types: JSON.stringify(["subscription"]) });
  const queue = typeof reg?.json?.["queue_id"] === "string" ? (reg.json["queue_id"] as string) : undefined;
  if (queue !== undefined) run.registered++;
  const subs = Array.isArray(reg?.json?.["subscriptions"]) ? (reg.json["subscriptions"] as { name?: unknown; stream_id?: unknown }[]) : [];
  const general = subs.find((s) => s.name === "general")?.stream_id;

  let last = typeof reg?.json?.["last_event_id"] === "number" ? (reg.json["last_event_id"] as number) : -1;
  const poller = (async () => {
    while (queue !== undefined && Date.now() < deadline) {
      run.requests++;
      const a = await send("GET", `/events?queue_id=${encodeURIComponent(queue)}&last_event_id=${last}`);
      const events = a.status === 200 && Array.isArray(a.json?.["events"]) ? (a.json["events"] as { type?: unknown; id?: unknown }[]) : undefined;
      if (events === undefined) {
        last = -1;
        await sleep(RETRY_MS);
        continue;
      }
      run.received += events.length;
      const ids = events.filter((e) => e.type === "message" && typeof e.id === "number").map((e) => e.id as number);
      last = ids.length ? Math.max(...ids) : -1;
    }
  })();
  const sender = (async () => {
    while (Date.now() < deadline) {
      if (typeof general === "number") await call("POST", "/typing", { type: "stream", op: "start", stream_id: String(general), topic: "quirks" });
      const a = await call("POST", "/messages", { type: "stream", to: "general", topic: "quirks", content: `naive ${run.sent}` });
      if (a?.status === 200) run.sent++;
      await sleep(o.sendEveryMs ?? 100);
    }
  })();
  await Promise.all([poller, sender]);
  await close();
  return run;
}
