import { seconds } from "./answers.ts";
import type { Quirk } from "./context.ts";
import { normal, streamFor } from "./random.ts";

/** The distribution's median and the share over 2 s: a log-normal with σ chosen so that one in a hundred is. */
export const LATENCY_MEDIAN_MS = 150;
const OVER_2S_Z = 2.326;
const SIGMA = Math.log(2_000 / LATENCY_MEDIAN_MS) / OVER_2S_Z;
/** No delay is longer: far below the long-poll timeout clients use (90 s), so a correct client never times out. */
export const LATENCY_CAP_MS = 10_000;

/**
 * latency: every request that reaches it is held before it is forwarded, for a draw from the seed of a long-tailed
 * (log-normal) distribution: median LATENCY_MEDIAN_MS, one in a hundred over 2 s, none over LATENCY_CAP_MS. Requests
 * another quirk answered are not delayed.
 */
export function latency(seed: number): Quirk {
  const draw = streamFor(seed, "latency");
  return {
    name: "latency",
    decide(_call, ctx) {
      const ms = Math.min(LATENCY_CAP_MS, LATENCY_MEDIAN_MS * Math.exp(SIGMA * normal(draw)));
      return { delayMs: ms * ctx.timeScale, done: `delayed ${seconds(ms)}, then forwarded` };
    },
  };
}
