import { RawJson } from "../../http/envelope.ts";
import { badEventQueueId, missingParam } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";

/**
 * GET /events (wire §9): acknowledges up to last_event_id, then answers at once with pending events, or with
 * none under dont_block, or waits until an event arrives; an idle poll ends with a heartbeat event.
 */
async function getEvents(ctx: RequestContext): Promise<Record<string, unknown>> {
  const { rt, user, params } = ctx;
  const dontBlock = params.bool("dont_block", false) && !rt.faulty("fl153.events.dont-block");
  const queueId = params.str("queue_id");
  const lastEventId = params.optInt("last_event_id");
  const queue = rt.queues.get(queueId, user.id);
  if (!queue) {
    if (rt.faulty("fl153.events.bad-queue-id")) return { events: [] };
    throw badEventQueueId(queueId);
  }
  if (lastEventId === undefined) throw missingParam("last_event_id");
  queue.acknowledge(lastEventId);
  queue.lastTouched = rt.store.clock();
  if (queue.size === 0 && !dontBlock) {
    queue.connected++;
    try {
      // The client's connection says when it leaves (one that already left waits for nothing).
      const client = ctx.req.socket;
      const outcome = client.destroyed ? "gone" : await queue.wait(queue.heartbeatMs ?? rt.config.heartbeatMs, client);
      if (outcome === "arrived" && rt.faulty("fl153.events.long-poll")) return { events: [] };
      if (outcome === "idle" && !client.destroyed && !rt.faulty("fl153.events.heartbeat")) queue.push({ type: "heartbeat" });
    } finally {
      queue.connected--;
      queue.lastTouched = rt.store.clock();
    }
  }
  if (rt.faulty("fl153.events.envelope")) return { events: queue.events.map((e) => ({ ...e, id: String(e.id) })) };
  // The events as bytes made once per event and shared by every queue that holds it; `--product zulip` renames
  // keys in the whole answer, so it gets the objects.
  if (rt.config.product === "chat") return { events: new RawJson(queue.eventsJson()) };
  return { events: queue.events };
}

/** DELETE /events: removes the queue. */
function deleteQueue(ctx: RequestContext): Record<string, unknown> {
  const queueId = ctx.params.str("queue_id");
  const queue = ctx.rt.queues.get(queueId, ctx.user.id);
  if (!queue) throw badEventQueueId(queueId);
  if (!ctx.rt.faulty("fl153.events.delete-queue")) ctx.rt.queues.delete(queue);
  return {};
}

export const routes: Route[] = [authed("GET", "/events", getEvents), authed("DELETE", "/events", deleteQueue)];
