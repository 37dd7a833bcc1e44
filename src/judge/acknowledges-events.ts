import { isPoll, isRegister, succeeded, type Seen } from "./seen.ts";
import { Tally, type RuleFactory } from "./rule.ts";

/** The highest event id an answer gave, -Infinity for none, undefined when its events could not be read. */
function highestGiven(s: Seen): number | undefined {
  if (s.status === undefined) return -Infinity;
  if (s.cut || s.unread) return undefined;
  if (!succeeded(s)) return -Infinity;
  const events = s.json?.events;
  if (!Array.isArray(events)) return undefined;
  let top = -Infinity;
  for (const e of events) {
    const id = (e as { id?: unknown } | null)?.id;
    if (typeof id === "number") top = Math.max(top, id);
  }
  return top;
}

interface Queue {
  /** The highest id given by answers already folded in. */
  base: number;
  /** Answers not yet folded: when each ended and the highest id it gave (undefined: not readable). */
  answers: Array<{ end: number; top: number | undefined }>;
}

/**
 * client.acknowledges-events: each poll of a queue sends as last_event_id the highest id given on it by the
 * register answer and by the poll answers that ended before the poll started; a poll after an unreadable answer
 * is not judged (the client's own id is taken on trust from there). One instance per judged poll.
 */
export const acknowledgesEvents: RuleFactory = () => {
  const tally = new Tally();
  const queues = new Map<string, Queue>();
  return {
    see(s) {
      if (isRegister(s) && succeeded(s) && typeof s.json?.queue_id === "string" && typeof s.json.last_event_id === "number") {
        queues.set(s.json.queue_id, { base: s.json.last_event_id, answers: [] });
        return;
      }
      if (!isPoll(s)) return;
      const id = s.params.get("queue_id");
      if (id === undefined) return;
      const raw = s.params.get("last_event_id");
      const sent = raw !== undefined && /^-?\d+$/.test(raw.trim()) ? Number(raw) : undefined;
      let q = queues.get(id);
      if (!q) {
        // A queue registered before the session: the first poll's id is where the judging starts.
        if (sent !== undefined) queues.set(id, { base: sent, answers: [{ end: s.end, top: highestGiven(s) }] });
        return;
      }
      const before = q.answers.filter((a) => a.end <= s.start);
      q.answers = q.answers.filter((a) => a.end > s.start);
      const unreadable = before.some((a) => a.top === undefined);
      const want = Math.max(q.base, ...before.map((a) => a.top ?? -Infinity));
      if (unreadable) q.base = sent ?? q.base;
      else {
        q.base = want;
        tally.judged++;
        if (sent !== want)
          tally.breach(
            `last_event_id ${want}: the highest event id given on queue ${id} before this poll`,
            sent === undefined
              ? `last_event_id ${raw === undefined ? "absent" : `'${raw}'`}`
              : sent < want
                ? `last_event_id ${sent}: the events after ${sent} up to ${want} are asked for again (re-delivered)`
                : `last_event_id ${sent}: the events after ${want} up to ${sent} were never given, and are skipped`,
            s,
          );
      }
      q.answers.push({ end: s.end, top: highestGiven(s) });
    },
    verdict() {
      return tally.verdict("polls of a queue whose highest event id was known", "no poll of a queue whose highest event id was known");
    },
  };
};
