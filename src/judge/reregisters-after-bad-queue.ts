import { limitOf } from "../catalog/client-clauses.ts";
import { byQuirk, codeOf, isPoll, isRegister, ms, succeeded, type Seen } from "./seen.ts";
import { Tally, type RuleFactory } from "./rule.ts";

/**
 * client.reregisters-after-bad-queue: after a poll of queue Q is answered BAD_EVENT_QUEUE_ID, at most max_repolls
 * more polls of Q start, and a successful register of the client starts after that answer; a client that sends
 * nothing more fails unless the session ended within grace_ms of the answer. One instance per dead queue.
 *
 * The proxy learns an answer's end once the client has it, so a client that registers at once may start its
 * register, and even have it answered, before the BAD_EVENT_QUEUE_ID answer's recorded end: a register counts when
 * it started after the dead poll did.
 */
export const reregistersAfterBadQueue: RuleFactory = (clause) => {
  const maxRepolls = limitOf(clause, "max_repolls");
  const graceMs = limitOf(clause, "grace_ms");
  /** The breaches found as the traffic went by; the verdict adds those only the session's end shows. */
  const seen = new Tally();
  interface Dead {
    queue: string;
    /** When the dead poll started, and when its answer ended. */
    sent: number;
    at: number;
    repolls: number;
    reregistered: boolean;
    looped: boolean;
    answer: Seen;
  }
  const dead: Dead[] = [];
  let lastStart = 0;
  /** When the client's latest successful registers started (a register seen before the answer it follows). */
  const registers: number[] = [];
  return {
    see(s) {
      lastStart = Math.max(lastStart, s.start);
      const queue = s.params.get("queue_id");
      const registered = isRegister(s) && succeeded(s);
      if (registered && registers.push(s.start) > 16) registers.shift();
      for (const d of dead) {
        if (registered && s.start >= d.sent) d.reregistered = true;
        if (s.start < d.at) continue;
        if (isPoll(s) && queue === d.queue && ++d.repolls === maxRepolls + 1) {
          d.looped = true;
          seen.breach(
            `at most ${maxRepolls} more poll${maxRepolls === 1 ? "" : "s"} of the dead queue ${d.queue} after its BAD_EVENT_QUEUE_ID answer, and a new POST /register`,
            `poll ${d.repolls} of the dead queue, ${ms(s.start - d.at)} after its BAD_EVENT_QUEUE_ID answer${d.reregistered ? "" : ", no register between"}${byQuirk(d.answer)}`,
            s,
          );
        }
      }
      if (isPoll(s) && codeOf(s) === "BAD_EVENT_QUEUE_ID" && queue !== undefined && !dead.some((d) => d.queue === queue))
        dead.push({ queue, sent: s.start, at: s.end, repolls: 0, reregistered: registers.some((t) => t >= s.start), looped: false, answer: s });
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
            ? `nothing more from the client in the ${ms(endedAt - d.at)} the session went on: its event loop stopped${byQuirk(d.answer)}`
            : `the client went on without registering a new queue${byQuirk(d.answer)}`,
          d.answer,
        );
      }
      return tally.verdict("BAD_EVENT_QUEUE_ID answers", "no poll was answered BAD_EVENT_QUEUE_ID");
    },
  };
};
