import { limitOf } from "../catalog/client-clauses.ts";
import { byQuirk, ms, type Seen } from "./seen.ts";
import { Tally, type RuleFactory } from "./rule.ts";

/** A failure the client should back off from: a 5xx answer, or none (a cut connection, no answer at all). */
const failedHard = (s: Seen): boolean => s.cut || (s.status ?? 0) >= 500;

const what = (s: Seen): string => (s.cut ? "a cut connection" : `a ${s.status} answer`);

/**
 * client.backs-off-on-5xx: requests grouped by method and path; after a failure of a group, its next request
 * starts at least min_gap_ms after the failure ended, and over consecutive failures each gap is at least the one
 * before less shrink_slack_ms. One instance per failure followed by a request of its group.
 */
export const backsOffOn5xx: RuleFactory = (clause) => {
  const minGapMs = limitOf(clause, "min_gap_ms");
  const slackMs = limitOf(clause, "shrink_slack_ms");
  const tally = new Tally();
  const groups = new Map<string, { failure: Seen; gapBefore: number | undefined; streak: number }>();
  return {
    see(s) {
      const key = `${s.method} ${s.path}`;
      const g = groups.get(key);
      // A request already under way when the failure ended is no retry of it.
      if (g && s.start >= g.failure.end) {
        const gap = s.start - g.failure.end;
        tally.judged++;
        if (gap < minGapMs)
          tally.breach(
            `a wait of at least ${minGapMs} ms after ${what(g.failure)} before sending ${key} again`,
            `sent again ${ms(gap)} after ${what(g.failure)}${g.streak > 1 ? ` (failure ${g.streak} in a row)` : ""}${byQuirk(g.failure)}`,
            s,
          );
        else if (g.gapBefore !== undefined && gap < g.gapBefore - slackMs)
          tally.breach(
            `a wait after failure ${g.streak} in a row no shorter than the ${ms(g.gapBefore)} after the one before (backoff)`,
            `sent again ${ms(gap)} after ${what(g.failure)}: the wait shrank${byQuirk(g.failure)}`,
            s,
          );
        if (failedHard(s)) groups.set(key, { failure: s, gapBefore: gap, streak: g.streak + 1 });
        else groups.delete(key);
        return;
      }
      if (!g && failedHard(s)) groups.set(key, { failure: s, gapBefore: undefined, streak: 1 });
    },
    verdict() {
      return tally.verdict("retries after a 5xx or a cut connection", "no 5xx answer or cut connection was followed by the same request");
    },
  };
};
