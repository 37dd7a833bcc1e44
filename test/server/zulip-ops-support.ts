import { afterEach } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

export type Persona = "owner" | "administrator" | "moderator" | "member" | "secondMember" | "guest" | "bot";

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** A reference server at one level, spoken to as a real Zulip client would: Basic auth, forms, JSON non-strings. */
export interface Ops {
  server: ReferenceServer;
  id(persona: Persona): number;
  /** `persona` null: no credentials. */
  call(persona: Persona | null, method: string, path: string, params?: Record<string, unknown>): Promise<Reply>;
  /** Registers a queue for these event types (and fetches the given sections, none by default). */
  register(persona: Persona, eventTypes: string[], fetchTypes?: string[]): Promise<Record<string, unknown>>;
  /** The events waiting in a queue, without blocking. */
  events(persona: Persona, queueId: string): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

export async function startOps(featureLevel: number): Promise<Ops> {
  const server = await createReferenceServer({ featureLevel, port: 0, heartbeatMs: 1000 });
  const personas = server.personas as Record<string, { email: string; apiKey: string; userId: number }>;
  const persona = (p: Persona) => {
    const found = personas[p];
    if (!found) throw new Error(`no persona ${p}`);
    return found;
  };
  const call: Ops["call"] = async (who, method, path, params = {}) => {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) form.set(k, typeof v === "string" ? v : JSON.stringify(v));
    const headers: Record<string, string> = {};
    if (who !== null) headers.authorization = `Basic ${Buffer.from(`${persona(who).email}:${persona(who).apiKey}`).toString("base64")}`;
    const query = method === "GET" ? `?${form.toString()}` : "";
    if (method !== "GET") headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(`${server.url}/api/v1${path}${query}`, { method, headers, ...(method === "GET" ? {} : { body: form.toString() }) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return {
    server,
    id: (p) => persona(p).userId,
    call,
    async register(who, eventTypes, fetchTypes = []) {
      const r = await call(who, "POST", "/register", { event_types: eventTypes, fetch_event_types: fetchTypes });
      if (r.status !== 200) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
      return r.body;
    },
    async events(who, queueId) {
      const r = await call(who, "GET", "/events", { queue_id: queueId, last_event_id: -1, dont_block: true });
      if (r.status !== 200) throw new Error(`GET /events failed: ${JSON.stringify(r.body)}`);
      return (r.body.events as Array<Record<string, unknown>>).filter((e) => e.type !== "heartbeat");
    },
    close: () => server.close(),
  };
}

/** An error reply, for toMatchObject: the status and the envelope's result, code and msg. */
export const apiError = (status: number, code: string, msg: string) => ({ status, body: { result: "error", code, msg } });

/** `start(level)` for a test file: each server a test starts is closed after that test, whatever its outcome. */
export function serversPerTest(): (level?: number) => Promise<Ops> {
  const opened: Ops[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((o) => o.close()));
  });
  return async (level = 372) => {
    const ops = await startOps(level);
    opened.push(ops);
    return ops;
  };
}
