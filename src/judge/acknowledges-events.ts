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

/** How long after a poll started every poll sent before it has surely ended: longer than any long-poll lasts. */
const SETTLED_MS = 120_000;

interface Poll {
  s: Seen;
  sent: number | undefined;
  raw: string | undefined;
  top: number | undefined;
}

interface Queue {
  /** The highest id given by the register answer and the answers that ended before the poll being judged. */
  given: number;
  /** The queue's first poll is where judging starts for a queue registered before the session. */
  known: boolean;
  /** Polls seen but not judged yet, and the judged ones whose answers had not ended when the last judged one started. */
  waiting: Poll[];
  open: Array<{ end: number; top: number | undefined }>;
}

/**
 * client.acknowledges-events: each poll of a queue sends as last_event_id the highest id given on it, by the register
 * answer and the poll answers before it. Exchanges come in the order their answers ended, and the proxy learns an
 * end only once the client has the answer, so a client's next poll may start a moment before the answer it
 * acknowledges ended. Polls are therefore judged in the order they started, once every poll sent before them has
 * surely been seen (SETTLED_MS later, or at the session's end), between two bounds: no less than every answer that
 * ended before the poll gave (else a re-delivery), no more than every answer of a poll sent before it could give
 * (else a skip). A poll after an unreadable answer is not judged (the client's own id is taken on trust from there).
 */
export const acknowledgesEvents: RuleFactory = () => {
  const tally = new Tally();
  const queues = new Map<string, Queue>();

  function judge(id: string, q: Queue, p: Poll): void {
    const start = p.s.start;
    const ended = q.open.filter((a) => a.end <= start);
    q.open = q.open.filter((a) => a.end > start);
    const unreadable = ended.some((a) => a.top === undefined);
    const low = Math.max(q.given, ...ended.map((a) => a.top ?? -Infinity));
    const high = Math.max(low, ...q.open.map((a) => a.top ?? -Infinity));
    if (!q.known || unreadable || q.open.some((a) => a.top === undefined)) {
      q.known = p.sent !== undefined || q.known;
      q.given = p.sent ?? low;
    } else {
      tally.judged++;
      const want = `last_event_id ${low === high ? low : `${low} to ${high}`}: the highest event id given on queue ${id} before this poll`;
      if (p.sent === undefined) tally.breach(want, `last_event_id ${p.raw === undefined ? "absent" : `'${p.raw}'`}`, p.s);
      else if (p.sent < low) tally.breach(want, `last_event_id ${p.sent}: the events after ${p.sent} up to ${low} are asked for again (re-delivered)`, p.s);
      else if (p.sent > high) tally.breach(want, `last_event_id ${p.sent}: the events after ${high} up to ${p.sent} were never given, and are skipped`, p.s);
      q.given = p.sent !== undefined && p.sent >= low && p.sent <= high ? p.sent : low;
    }
    q.open.push({ end: p.s.end, top: p.top });
  }

  /** Judges the waiting polls that started at or before `upTo`, in the order they started. */
  function settle(upTo: number): void {
    for (const [id, q] of queues) {
      if (q.waiting.length === 0) continue;
      q.waiting.sort((a, b) => a.s.start - b.s.start);
      while (q.waiting.length && q.waiting[0]!.s.start <= upTo) judge(id, q, q.waiting.shift()!);
    }
  }

  return {
    see(s) {
      if (isRegister(s) && succeeded(s) && typeof s.json?.queue_id === "string" && typeof s.json.last_event_id === "number") {
        queues.set(s.json.queue_id, { given: s.json.last_event_id, known: true, waiting: [], open: [] });
        return;
      }
      if (!isPoll(s)) return;
      const id = s.params.get("queue_id");
      if (id === undefined) return;
      const raw = s.params.get("last_event_id");
      const sent = raw !== undefined && /^-?\d+$/.test(raw.trim()) ? Number(raw) : undefined;
      let q = queues.get(id);
      if (!q) queues.set(id, (q = { given: -Infinity, known: false, waiting: [], open: [] }));
      q.waiting.push({ s, sent, raw, top: highestGiven(s) });
      settle(s.end - SETTLED_MS);
    },
    verdict() {
      settle(Infinity);
      return tally.verdict("polls of a queue whose highest event id was known", "no poll of a queue whose highest event id was known");
    },
  };
};
