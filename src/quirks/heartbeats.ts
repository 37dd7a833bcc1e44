import { eventsAnswer, seconds } from "./answers.ts";
import type { Quirk, QuirkWatch } from "./context.ts";
import { streamFor } from "./random.ts";

/** The share of eligible long-polls that get an early heartbeat, and the range of the wait (ms) before it. */
export const HEARTBEAT_CHANCE = 0.6;
export const HEARTBEAT_WAIT_MS = [1_000, 20_000] as const;

/** A watch that, unless the target answered first, takes the poll over after `ms`. */
export function after(ms: number, what: () => Parameters<Parameters<QuirkWatch>[0]>[0]): QuirkWatch {
  return (take) => {
    const timer = setTimeout(() => take(what()), ms);
    timer.unref();
    return () => clearTimeout(timer);
  };
}

/**
 * heartbeats: idle long-polls answered with a heartbeat after a varying wait, not always after the server's ~50 s
 * (wire §9: clients wait up to event_queue_longpoll_timeout_seconds, 90 s; the wait is the server's to choose below
 * it). Every long-poll whose last_event_id is 0 or more draws from the seed: with HEARTBEAT_CHANCE it is forwarded
 * and, if the target has not answered within a wait drawn from HEARTBEAT_WAIT_MS, the forwarded poll is dropped and
 * the client answered 200 with one heartbeat. The heartbeat's id is the poll's last_event_id, so that acknowledging
 * it acknowledges nothing new: a proxy cannot take an id of the server's queue. Polls with last_event_id -1 (a fresh
 * queue) are left alone for the same reason.
 */
export function heartbeats(seed: number): Quirk {
  const draw = streamFor(seed, "heartbeats");
  return {
    name: "heartbeats",
    decide(call, ctx) {
      const poll = call.poll;
      if (!poll || poll.dontBlock || poll.lastEventId === undefined || poll.lastEventId < 0 || ctx.queues.dead.has(poll.queueId)) return undefined;
      const chosen = draw() < HEARTBEAT_CHANCE;
      const wait = HEARTBEAT_WAIT_MS[0] + draw() * (HEARTBEAT_WAIT_MS[1] - HEARTBEAT_WAIT_MS[0]);
      if (!chosen) return undefined;
      const id = poll.lastEventId;
      return {
        watch: after(wait * ctx.timeScale, () => ({
          answer: eventsAnswer("heartbeats", [{ type: "heartbeat", id }]),
          done: `answered 200 with a heartbeat (id ${id}) after ${seconds(wait)}`,
        })),
      };
    },
  };
}
