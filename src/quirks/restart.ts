import { versionFor } from "../../facts/versions.ts";
import { badQueue, eventsAnswer } from "./answers.ts";
import type { Poll, Quirk, QuirkLevel, QuirkTakeOver } from "./context.ts";
import { between, streamFor } from "./random.ts";

/** The request (counted over every client) at which the first restart comes, and the gap to each next one. */
export const FIRST_RESTART = [10, 20] as const;
export const RESTART_GAP = [40, 80] as const;
/** FL240 removed the restart event's `immediate` flag and added web_reload_client (the changelog's events table). */
const NO_IMMEDIATE_FROM = 240;

/**
 * The events a restarted server's queue ends with: `restart` with the version, merge base and feature level under
 * the product's names (chat_… or zulip_…) and the new server_generation; before FL240 with `immediate: false`, from
 * FL240 followed by web_reload_client. Their ids follow the poll's last_event_id: the queue is lost after them, so no
 * id of the server's can come after.
 */
export function restartEvents(level: QuirkLevel, version: string, lastEventId: number | undefined, generation: number): Record<string, unknown>[] {
  const p = level.product === "zulip" ? "zulip" : "chat";
  const id = Math.max(lastEventId ?? -1, -1) + 1;
  const fl = level.featureLevel;
  const restart: Record<string, unknown> = {
    type: "restart",
    id,
    [`${p}_version`]: version,
    [`${p}_merge_base`]: version,
    [`${p}_feature_level`]: fl,
    server_generation: generation,
  };
  if (fl < NO_IMMEDIATE_FROM) return [{ ...restart, immediate: false }];
  return [restart, { type: "web_reload_client", id: id + 1, immediate: false }];
}

/**
 * restart: the server restarts, losing every event queue. The seed draws the request (FIRST_RESTART, counted over
 * every client) at which it comes, then the gap to the next (RESTART_GAP). At a restart every queue seen so far is
 * lost: a poll of it open at that moment is answered at once with the restart event (restartEvents); a queue with no
 * poll open gets it on its next poll; every poll after that is 400 BAD_EVENT_QUEUE_ID. Queues registered after the
 * restart live on (until the next).
 */
export function restart(seed: number): Quirk {
  const draw = streamFor(seed, "restart");
  let nextAt = between(draw, FIRST_RESTART[0], FIRST_RESTART[1]);
  let version: string | undefined;
  let generation = 0;
  /** Queues lost whose restart event is not delivered yet. */
  const pending = new Set<string>();
  /** The open (forwarded, unanswered) polls of each queue, and how to answer each. */
  const open = new Map<string, Set<{ poll: Poll; take: (t: QuirkTakeOver) => boolean }>>();

  return {
    name: "restart",
    decide(call, ctx) {
      const answerFor = (poll: Poll) =>
        eventsAnswer("restart", restartEvents(ctx.level, version ?? versionFor(ctx.level.featureLevel), poll.lastEventId, generation));
      let said: string | undefined;
      if (call.number >= nextAt) {
        nextAt = call.number + between(draw, RESTART_GAP[0], RESTART_GAP[1]);
        generation = Math.floor(Date.now() / 1000);
        const lost = ctx.queues.live();
        let answered = 0;
        for (const q of lost) {
          pending.add(q);
          ctx.queues.dead.set(q, "restart");
          for (const o of open.get(q) ?? []) {
            if (pending.has(q) && o.take({ answer: answerFor(o.poll), done: "answered the open poll with the restart event" })) {
              pending.delete(q);
              answered++;
            }
          }
        }
        said = `restarted: ${lost.length} event queue${lost.length === 1 ? "" : "s"} lost, ${answered} open poll${answered === 1 ? "" : "s"} answered with the restart event`;
      }
      const poll = call.poll;
      if (poll && ctx.queues.dead.get(poll.queueId) === "restart") {
        if (pending.delete(poll.queueId))
          return { answer: answerFor(poll), done: `${said ? `${said}; ` : ""}answered with the restart event (the queue is lost)` };
        return {
          answer: badQueue("restart", poll.queueId),
          done: `${said ? `${said}; ` : ""}answered 400 BAD_EVENT_QUEUE_ID (the queue was lost in a restart)`,
        };
      }
      if (!poll || poll.dontBlock || ctx.queues.dead.has(poll.queueId)) return said ? { done: said } : undefined;
      const queueId = poll.queueId;
      return {
        ...(said ? { done: said } : {}),
        watch: (take) => {
          const entry = { poll, take };
          const set = open.get(queueId) ?? new Set();
          open.set(queueId, set.add(entry));
          return () => {
            set.delete(entry);
            if (set.size === 0) open.delete(queueId);
          };
        },
      };
    },
    learn(body, ctx) {
      // A real server's own version string, once a register or server_settings answer told it.
      const p = ctx.level.product === "zulip" ? "zulip" : "chat";
      if (typeof body[`${p}_version`] === "string") version = body[`${p}_version`] as string;
    },
  };
}
