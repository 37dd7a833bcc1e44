import { limitOf } from "../catalog/client-clauses.ts";
import { isPoll, ms } from "./seen.ts";
import { Tally, type RuleFactory } from "./rule.ts";

/**
 * client.request-rate: of the client's requests other than GET /events, by start time, no window of window_ms
 * holds more than max_requests. One instance: the client's traffic; the request that goes over is named (once per
 * window, so a long burst is one breach per window it fills).
 */
export const requestRate: RuleFactory = (clause) => {
  const max = limitOf(clause, "max_requests");
  const windowMs = limitOf(clause, "window_ms");
  const tally = new Tally();
  /** Start times inside the last window, ascending (answers end out of order; starts are kept sorted). */
  const starts: number[] = [];
  let requests = 0;
  let peak = 0;
  let brokenUntil = -Infinity;
  return {
    see(s) {
      if (isPoll(s)) return;
      requests++;
      let i = starts.length;
      while (i > 0 && starts[i - 1]! > s.start) i--;
      starts.splice(i, 0, s.start);
      const newest = starts.at(-1)!;
      while (starts.length && starts[0]! <= newest - windowMs) starts.shift();
      const inWindow = starts.filter((t) => t > s.start - windowMs && t <= s.start).length;
      peak = Math.max(peak, starts.length);
      if (inWindow > max && s.start >= brokenUntil) {
        brokenUntil = s.start + windowMs;
        tally.breach(
          `at most ${max} requests outside GET /events in any ${ms(windowMs)}`,
          `request ${inWindow} in the ${ms(windowMs)} up to this one (${s.request})`,
          s,
        );
      }
    },
    verdict() {
      if (requests === 0) return { status: "n/a", why: "not exercised: the client made no request outside GET /events" };
      if (tally.failed) return { status: "fail", breaches: tally.breaches, count: tally.failed, of: `${requests} requests outside GET /events` };
      return { status: "pass", held: `held over ${requests} requests outside GET /events, at most ${peak} in any ${ms(windowMs)}` };
    },
  };
};
