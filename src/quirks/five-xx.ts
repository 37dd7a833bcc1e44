import { QUIRK_HEADER, type QuirkAnswer } from "./hook.ts";
import { seconds } from "./answers.ts";
import type { Quirk, QuirkTakeOver } from "./context.ts";
import { between, streamFor } from "./random.ts";

/** The request (counted over every client) that starts the first burst, the gap after each, and how long one lasts. */
export const FIRST_BURST = [8, 20] as const;
export const BURST_GAP = [30, 60] as const;
export const BURST_MS = [2_000, 5_000] as const;

const TITLES: Record<number, string> = { 502: "502 Bad Gateway", 503: "503 Service Temporarily Unavailable" };

/** The page a reverse proxy gives while the application server behind it is down: HTML, not the API's JSON. */
function page(status: 502 | 503): QuirkAnswer {
  const title = TITLES[status]!;
  return {
    status,
    headers: { "content-type": "text/html", [QUIRK_HEADER]: "5xx-burst" },
    body: `<html>\n<head><title>${title}</title></head>\n<body>\n<h1>${title}</h1>\n<p>The server behind this proxy is not answering.</p>\n</body>\n</html>\n`,
  };
}

/**
 * 5xx-burst: for a few seconds every request is answered 502 or 503 with an HTML page, as a server restarting
 * behind a reverse proxy gives. The seed draws the request (counted over every client) at which a burst starts
 * (FIRST_BURST, then BURST_GAP requests after the previous burst ended), how long it lasts (BURST_MS) and its status
 * (502 or 503, one for the whole burst). Requests in a burst are not forwarded, and the long-polls open when it
 * starts get the same page at once, as the server behind the proxy dropped them.
 */
export function fiveXxBurst(seed: number): Quirk {
  const draw = streamFor(seed, "5xx-burst");
  let nextAt = between(draw, FIRST_BURST[0], FIRST_BURST[1]);
  let burst: { until: number; status: 502 | 503; ms: number } | undefined;
  const open = new Set<(t: QuirkTakeOver) => boolean>();
  return {
    name: "5xx-burst",
    decide(call, ctx) {
      if (burst && ctx.now() >= burst.until) {
        burst = undefined;
        nextAt = call.number + between(draw, BURST_GAP[0], BURST_GAP[1]);
      }
      let started = false;
      if (!burst && call.number >= nextAt) {
        const ms = between(draw, BURST_MS[0], BURST_MS[1]);
        const status = draw() < 0.5 ? 502 : 503;
        burst = { until: ctx.now() + ms * ctx.timeScale, status, ms };
        started = true;
        for (const take of [...open]) take({ answer: page(status), done: `answered the open long-poll ${status} (HTML): the burst began` });
      }
      if (!burst) {
        if (!call.poll || call.poll.dontBlock) return undefined;
        return {
          watch: (take) => {
            open.add(take);
            return () => open.delete(take);
          },
        };
      }
      return { answer: page(burst.status), done: `answered ${burst.status} (HTML)${started ? `: a burst of ${seconds(burst.ms)} begins` : ""}` };
    },
  };
}
