import { badQueue } from "./answers.ts";
import type { Quirk } from "./context.ts";
import { between, streamFor } from "./random.ts";

/** The poll of a queue on which it expires: from the 3rd to the 6th. */
export const EXPIRY_POLLS = [3, 6] as const;

/**
 * queue-expiry: each event queue is collected early, as a server does that collected it while its client slept
 * (wire §9: queues go after 600 s unpolled, or sooner). The seed draws, for each queue in the order the engine first
 * sees it, which of its polls (EXPIRY_POLLS) is answered 400 BAD_EVENT_QUEUE_ID; that poll and every later one of the
 * queue get the same answer. The target's own queue is left alone (a proxy does not touch the server): it expires
 * there in its own time.
 */
export function queueExpiry(seed: number): Quirk {
  const draw = streamFor(seed, "queue-expiry");
  const expiresAt = new Map<string, number>();
  return {
    name: "queue-expiry",
    decide(call, ctx) {
      const poll = call.poll;
      if (!poll) return undefined;
      let at = expiresAt.get(poll.queueId);
      if (at === undefined) expiresAt.set(poll.queueId, (at = between(draw, EXPIRY_POLLS[0], EXPIRY_POLLS[1])));
      const dead = ctx.queues.dead.get(poll.queueId);
      if (dead !== undefined && dead !== "queue-expiry") return undefined;
      if (dead === undefined && poll.nth < at) return undefined;
      const first = dead === undefined;
      ctx.queues.dead.set(poll.queueId, "queue-expiry");
      return {
        answer: badQueue("queue-expiry", poll.queueId),
        done: `answered 400 BAD_EVENT_QUEUE_ID (${first ? `queue expired at its poll ${poll.nth}` : "the queue expired earlier"})`,
      };
    },
  };
}
