import { limitOf } from "../catalog/client-clauses.ts";
import { byQuirk, isPoll, ms, type Seen } from "./seen.ts";
import { Tally, type RuleFactory } from "./rule.ts";

/** The wait a 429 states, in milliseconds: its Retry-After header (seconds), else the JSON body's retry-after. */
export function statedWaitMs(s: Seen): number | undefined {
  const header = s.responseHeaders["retry-after"];
  const fromHeader = header !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(header) ? Number(header) : undefined;
  const fromBody = typeof s.json?.["retry-after"] === "number" ? s.json["retry-after"] : undefined;
  const seconds = fromHeader ?? fromBody;
  return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** The limiter's buckets: GET /events apart from every other request, as real servers count them. */
const bucketOf = (s: Seen): "events" | "api" => (isPoll(s) ? "events" : "api");

/**
 * client.honours-retry-after: after a 429 stating a wait W, no request of the client in the same bucket starts
 * earlier than slack_ms before the answer's end plus W. One instance per such 429; a request in flight when the
 * 429 arrived is not the client's answer to it.
 */
export const honoursRetryAfter: RuleFactory = (clause) => {
  const slackMs = limitOf(clause, "slack_ms");
  const tally = new Tally();
  const waits: Array<{ bucket: "events" | "api"; from: number; until: number; waitMs: number; broken: boolean; quirk: string }> = [];
  return {
    see(s) {
      for (const w of waits) {
        if (w.broken || bucketOf(s) !== w.bucket || s.start < w.from || s.start >= w.until - slackMs) continue;
        w.broken = true;
        tally.breach(
          `no ${w.bucket === "events" ? "GET /events" : "request outside GET /events"} until ${ms(w.waitMs)} after the 429 (Retry-After), less ${slackMs} ms`,
          `${s.request} sent ${ms(s.start - w.from)} after the 429, ${ms(w.until - s.start)} early${w.quirk}`,
          s,
        );
      }
      if (s.status !== 429) return;
      const waitMs = statedWaitMs(s);
      if (waitMs === undefined) return;
      tally.judged++;
      waits.push({ bucket: bucketOf(s), from: s.end, until: s.end + waitMs, waitMs, broken: false, quirk: byQuirk(s) });
      // Waits long over never match again; the list stays short in a long session.
      const latest = s.end;
      for (let i = waits.length - 1; i >= 0; i--) if (waits[i]!.until < latest - 60_000) waits.splice(i, 1);
    },
    verdict() {
      return tally.verdict("429 answers that stated a wait", "no 429 stating a wait (Retry-After) was answered");
    },
  };
};
