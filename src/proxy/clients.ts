/**
 * What the proxy learns about each client from its register call: the capabilities it declared (the server
 * renders its events by them), keyed by the queue the register created, since every GET /events names its queue.
 * A queue registered before the proxy started is unknown: checks that depend on capabilities skip its events.
 */
export interface ClientQueue {
  queueId: string;
  /** The account, as its Basic credentials name it (never the key). */
  who: string;
  capabilities: Record<string, boolean>;
  /** Event types the client asked for; undefined: all. */
  eventTypes?: string[];
  /** The highest event id delivered on this queue so far. */
  lastEventId: number;
}

export class ClientBook {
  private readonly queues = new Map<string, ClientQueue>();
  /** realm_empty_topic_display_name from the last register that carried it (one organization per target). */
  emptyTopicDisplayName: string | undefined;

  registered(q: ClientQueue): void {
    this.queues.set(q.queueId, q);
  }

  queue(queueId: string | undefined): ClientQueue | undefined {
    return queueId === undefined ? undefined : this.queues.get(queueId);
  }

  forget(queueId: string | undefined): void {
    if (queueId !== undefined) this.queues.delete(queueId);
  }

  get size(): number {
    return this.queues.size;
  }
}

/** The account a request is made as: the email of its Basic credentials, or "anonymous". */
export function whoOf(headers: Record<string, string>): string {
  const auth = headers.authorization;
  if (!auth || !/^basic /i.test(auth)) return "anonymous";
  const decoded = Buffer.from(auth.slice(6), "base64").toString("utf8");
  return decoded.split(":")[0] || "anonymous";
}

/** client_capabilities as the register request sent it (JSON text of an object of booleans); {} when absent or unreadable. */
export function capabilitiesOf(raw: string | undefined): Record<string, boolean> {
  if (raw === undefined) return {};
  try {
    const v: unknown = JSON.parse(raw);
    if (v === null || typeof v !== "object" || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, b]) => [k, b === true]));
  } catch {
    return {};
  }
}
