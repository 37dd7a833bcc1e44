import type { Exchange } from "../client/exchange.ts";
import { codeOf, isPoll, isRegister, succeeded } from "./seen.ts";
import { Tally, type RuleFactory } from "./rule.ts";

/**
 * client.deletes-queue: every queue a successful register of the client created is, by the session's end,
 * deleted by the client (DELETE /events with its queue_id) or lost (an answer said BAD_EVENT_QUEUE_ID for it). One
 * instance per queue registered.
 */
export const deletesQueue: RuleFactory = () => {
  /** Open queues with their register's exchange, rendered at once: the register's whole answer is not kept. */
  const open = new Map<string, Exchange>();
  let registered = 0;
  return {
    see(s) {
      const queue = s.params.get("queue_id");
      if (isRegister(s) && succeeded(s) && typeof s.json?.queue_id === "string") {
        registered++;
        open.set(s.json.queue_id, s.exchange());
      } else if (queue !== undefined && s.method === "DELETE" && s.path === "/events" && s.status !== undefined && s.status < 500) open.delete(queue);
      else if (queue !== undefined && isPoll(s) && codeOf(s) === "BAD_EVENT_QUEUE_ID") open.delete(queue);
    },
    verdict() {
      const tally = new Tally();
      tally.judged = registered;
      for (const [queue, exchange] of open)
        tally.breachOf(
          `DELETE /events for queue ${queue} by the end of the session (or the queue lost)`,
          "never deleted: the session ended with the queue still registered (a client still running then had not exited)",
          exchange,
        );
      return tally.verdict("queues registered", "the client registered no queue");
    },
  };
};
