import { eventsAnswer } from "./answers.ts";
import type { Quirk } from "./context.ts";
import { streamFor } from "./random.ts";

/** One long-poll in this many, from a queue's 2nd poll on, is answered at once with no events. */
export const EARLY_EMPTY_CHANCE = 0.3;

/**
 * early-empty: a long-poll answered at once with an empty event list, as a server shutting its polls down does. From
 * each queue's 2nd long-poll on (dont_block polls answer at once anyway), every long-poll draws once from the seed;
 * one in EARLY_EMPTY_CHANCE is answered 200 {"events": []} without being forwarded, so nothing the server holds is
 * lost or acknowledged.
 */
export function earlyEmpty(seed: number): Quirk {
  const draw = streamFor(seed, "early-empty");
  return {
    name: "early-empty",
    decide(call, ctx) {
      const poll = call.poll;
      if (!poll || poll.dontBlock || poll.nth < 2 || ctx.queues.dead.has(poll.queueId)) return undefined;
      if (draw() >= EARLY_EMPTY_CHANCE) return undefined;
      return { answer: eventsAnswer("early-empty", []), done: "answered 200 with no events, at once" };
    },
  };
}
