import type { Results } from "../results/schema.ts";
import { escapeHtml as e } from "./format.ts";

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s`;

/**
 * The rate-limit section of the HTML report: the requests the run sent by persona and bucket, the 429s it waited
 * out and the time it waited, its re-sends and the least time it kept beyond an announced wait, and where each
 * persona's requests went. A run that could not wait out a limit says "rate-limited" at the top of the section.
 */
export function renderThrottle(r: Results): string {
  const t = r.throttle;
  if (!t) return "";
  const rows = t.personas
    .map((p) => {
      const by = (b: "api" | "events") => p.buckets.find((x) => x.bucket === b);
      const cell = (b: "api" | "events") => {
        const x = by(b);
        return x ? `${x.requests}${x.limited ? ` <span class="badge s-blocked">${x.limited}×429</span>` : ""}` : `<span class="muted">—</span>`;
      };
      const resends = p.resends
        ? `${p.resends}${p.earlyResends ? ` <span class="badge s-fail">${p.earlyResends} early</span>` : ""} (≥ ${p.minResendMarginMs ?? 0} ms past the wait)`
        : `<span class="muted">—</span>`;
      const top = p.topEndpoints
        .slice(0, 4)
        .map((x) => `<code>${e(x.endpoint)}</code> ${x.requests}`)
        .join(", ");
      return `<tr><th scope="row">${e(p.persona)}${p.organization === "throw-away" ? ` <span class="muted">(throw-away organizations)</span>` : ""}</th><td>${p.requests}</td><td>${cell("api")}</td><td>${cell("events")}</td><td>${p.waitedMs ? seconds(p.waitedMs) : `<span class="muted">—</span>`}</td><td>${resends}</td><td>${top}</td></tr>`;
    })
    .join("");
  const stopped = t.rateLimited ? `<p class="badge s-error">${e(t.rateLimited.line)}</p>` : "";
  const line =
    t.limited || t.waitedMs >= 1000
      ? `${t.limited} answer${t.limited === 1 ? "" : "s"} 429 waited out, ${seconds(t.waitedMs)} waited in all`
      : "no request was held back by a rate limit";
  return `<section aria-labelledby="h-throttle" class="card">
<h2 id="h-throttle">Rate limits <span class="count">${t.requests} requests</span></h2>
${stopped}
<p>${e(line)}; <code>--rate-limit ${e(t.setting)}</code>, <code>--max-wait ${t.maxWaitSeconds}</code>. Times waited are per worker process, summed.</p>
<details><summary>Requests by persona</summary>
<div class="scroll"><table class="grid-table"><thead><tr><th scope="col">Persona</th><th scope="col">Requests</th><th scope="col">API</th><th scope="col">GET /events</th><th scope="col">Waited</th><th scope="col">Re-sent after 429</th><th scope="col">Most requested</th></tr></thead><tbody>${rows}</tbody></table></div>
</details>
</section>`;
}
