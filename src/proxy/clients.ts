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
