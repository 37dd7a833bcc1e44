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
 * it started after the dead poll did; so does a poll of the dead queue, which may even be handed on before the
 * answer it follows (both were quick), and is then counted when that answer comes.
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
  /** The latest polls of the latest queues, for the same reason. */
  const polls = new Map<string, Seen[]>();
  const repoll = (d: Dead, s: Seen) => {
    if (++d.repolls !== maxRepolls + 1) return;
    d.looped = true;
    seen.breach(
      `at most ${maxRepolls} more poll${maxRepolls === 1 ? "" : "s"} of the dead queue ${d.queue} after its BAD_EVENT_QUEUE_ID answer, and a new POST /register`,
      `poll ${d.repolls} of the dead queue, ${ms(Math.max(0, s.start - d.at))} after its BAD_EVENT_QUEUE_ID answer${d.reregistered ? "" : ", no register between"}${byQuirk(d.answer)}`,
      s,
    );
  };
  return {
    see(s) {
      lastStart = Math.max(lastStart, s.start);
      const queue = s.params.get("queue_id");
      const registered = isRegister(s) && succeeded(s);
      if (registered && registers.push(s.start) > 16) registers.shift();
      for (const d of dead) {
        if (registered && s.start >= d.sent) d.reregistered = true;
        if (isPoll(s) && queue === d.queue && s.start > d.sent) repoll(d, s);
      }
      const known = isPoll(s) && codeOf(s) === "BAD_EVENT_QUEUE_ID" ? dead.find((d) => d.queue === queue) : undefined;
      if (known && s.start < known.sent) {
        // The first answer that found the queue dead came after a repoll's (the proxy hands quick ones on first):
        // it becomes the one the repolls follow, and the poll that stood for it is one of them.
        const repolled = known.answer;
        Object.assign(known, { sent: s.start, at: s.end, answer: s });
        known.reregistered ||= registers.some((t) => t >= s.start);
        repoll(known, repolled);
      }
      if (isPoll(s) && codeOf(s) === "BAD_EVENT_QUEUE_ID" && queue !== undefined && !dead.some((d) => d.queue === queue)) {
        const d: Dead = { queue, sent: s.start, at: s.end, repolls: 0, reregistered: registers.some((t) => t >= s.start), looped: false, answer: s };
        dead.push(d);
        for (const p of (polls.get(queue) ?? []).filter((p) => p.start > s.start).sort((a, b) => a.start - b.start)) repoll(d, p);
      }
      if (isPoll(s) && queue !== undefined) {
        const list = polls.get(queue) ?? [];
        polls.delete(queue);
        polls.set(queue, [...list, s].slice(-4));
        if (polls.size > 8) polls.delete(polls.keys().next().value!);
      }
    },
    verdict(endedAt) {
      const tally = seen.copy();
      for (const d of dead) {
        const silent = lastStart <= d.sent;
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
