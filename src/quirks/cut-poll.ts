import { seconds } from "./answers.ts";
import type { Quirk } from "./context.ts";
import { after } from "./heartbeats.ts";
import { streamFor } from "./random.ts";

/** The share of long-polls cut, from a queue's 2nd on, and the range of the wait (ms) before the cut. */
export const CUT_CHANCE = 0.25;
export const CUT_WAIT_MS = [500, 5_000] as const;

/**
 * cut-poll: a long-poll's connection closed before any answer, as a reverse proxy timing out does. From each
 * queue's 2nd long-poll on, every long-poll draws from the seed: with CUT_CHANCE it is forwarded and, if the target
 * has not answered within a wait drawn from CUT_WAIT_MS, the client's connection is closed without an HTTP answer
 * (and the forwarded poll dropped; the server keeps its events for the next poll).
 */
export function cutPoll(seed: number): Quirk {
  const draw = streamFor(seed, "cut-poll");
  return {
    name: "cut-poll",
    decide(call, ctx) {
      const poll = call.poll;
      if (!poll || poll.dontBlock || poll.nth < 2 || ctx.queues.dead.has(poll.queueId)) return undefined;
      const chosen = draw() < CUT_CHANCE;
      const wait = CUT_WAIT_MS[0] + draw() * (CUT_WAIT_MS[1] - CUT_WAIT_MS[0]);
      if (!chosen) return undefined;
      return { watch: after(wait * ctx.timeScale, () => ({ done: `closed the connection after ${seconds(wait)}, before any answer` })) };
    },
  };
}
