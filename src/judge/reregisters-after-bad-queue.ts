import { limitOf } from "../catalog/client-clauses.ts";
import { codeOf, isPoll, isRegister, ms, succeeded, type Seen } from "./seen.ts";
import { Tally, type RuleFactory } from "./rule.ts";

/**
 * client.reregisters-after-bad-queue: after a poll of queue Q is answered BAD_EVENT_QUEUE_ID, at most max_repolls
 * more polls of Q start, and a successful register of the client starts after that answer; a client that sends
 * nothing more fails unless the session ended within grace_ms of the answer. One instance per dead queue.
 */
export const reregistersAfterBadQueue: RuleFactory = (clause) => {
  const maxRepolls = limitOf(clause, "max_repolls");
  const graceMs = limitOf(clause, "grace_ms");
  /** The breaches found as the traffic went by; the verdict adds those only the session's end shows. */
  const seen = new Tally();
  interface Dead {
    queue: string;
    at: number;
    repolls: number;
    reregistered: boolean;
    looped: boolean;
    answer: Seen;
  }
  const dead: Dead[] = [];
  let lastStart = 0;
  return {
    see(s) {
      lastStart = Math.max(lastStart, s.start);
      const queue = s.params.get("queue_id");
      for (const d of dead) {
        if (s.start < d.at) continue;
        if (isRegister(s) && succeeded(s)) d.reregistered = true;
        if (isPoll(s) && queue === d.queue && ++d.repolls === maxRepolls + 1) {
          d.looped = true;
          seen.breach(
            `at most ${maxRepolls} more poll${maxRepolls === 1 ? "" : "s"} of the dead queue ${d.queue} after its BAD_EVENT_QUEUE_ID answer, and a new POST /register`,
            `poll ${d.repolls} of the dead queue, ${ms(s.start - d.at)} after its BAD_EVENT_QUEUE_ID answer${d.reregistered ? "" : ", no register between"}`,
            s,
          );
        }
      }
      if (isPoll(s) && codeOf(s) === "BAD_EVENT_QUEUE_ID" && queue !== undefined && !dead.some((d) => d.queue === queue))
        dead.push({ queue, at: s.end, repolls: 0, reregistered: false, looped: false, answer: s });
    },
    verdict(endedAt) {
      const tally = seen.copy();
      for (const d of dead) {
        const silent = lastStart < d.at;
        // Judged only once the client had time to act on the answer.
        if (!d.looped && !d.reregistered && silent && endedAt - d.at < graceMs) continue;
        tally.judged++;
        if (d.looped || d.reregistered) continue;
        tally.breach(
          `a POST /register answered with success after the BAD_EVENT_QUEUE_ID answer for queue ${d.queue}`,
          silent
            ? `nothing more from the client in the ${ms(endedAt - d.at)} the session went on: its event loop stopped`
            : "the client went on without registering a new queue",
          d.answer,
        );
      }
      return tally.verdict("BAD_EVENT_QUEUE_ID answers", "no poll was answered BAD_EVENT_QUEUE_ID");
    },
  };
};
