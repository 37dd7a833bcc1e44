import type { Results } from "../results/schema.ts";
import { escapeHtml as e } from "./format.ts";
import { eventCoverageLine } from "./event-coverage-line.ts";

/**
 * The state invariant's section of the HTML report: every event type and op with whether the model reduces it,
 * whether this run's actions produced it, and the levels it was verified at; and the tests the invariant did not
 * watch (opt-outs), each with its reason. Folded: it is reference material, not the verdict.
 */
export function renderEventCoverage(r: Results): string {
  const rows = r.eventCoverage;
  if (!rows) return "";
  const yes = (b: boolean) => (b ? `<span class="badge s-pass">yes</span>` : `<span class="badge s-fail">no</span>`);
  const body = rows
    .map(
      (row) =>
        `<tr><th scope="row"><code>${e(row.event)}</code></th><td>${yes(row.reducer)}</td><td>${yes(row.exercised)}</td><td>${row.verifiedAt.length ? e(row.verifiedAt.map((l) => `FL${l}`).join(", ")) : `<span class="muted">—</span>`}</td><td>${row.sections.map((s) => `<code>${e(s)}</code>`).join(" ") || `<span class="muted">no register state</span>`}</td></tr>`,
    )
    .join("");
  const watched = r.tests.filter((t) => t.invariant);
  const checked = watched.filter((t) => t.invariant!.status === "checked").length;
  const off = watched.filter((t) => t.invariant!.status === "skipped");
  const offList = off.length
    ? `<details><summary>${off.length} test${off.length === 1 ? "" : "s"} not compared</summary><ul>${off.map((t) => `<li><code>${e(t.id)}</code>: ${e(t.invariant!.why ?? "")}</li>`).join("")}</ul></details>`
    : "";
  return `<section aria-labelledby="h-events" class="card">
<h2 id="h-events">State invariant (register + events = refetch)</h2>
<p>${e(eventCoverageLine(rows))}; ${checked} of ${watched.length} watched tests compared equal.</p>
<details><summary>Every event type and op</summary>
<table class="grid-table cov"><thead><tr><th scope="col">Event</th><th scope="col">Reducer</th><th scope="col">Exercised</th><th scope="col">Verified at</th><th scope="col">Register sections</th></tr></thead><tbody>${body}</tbody></table>
</details>
${offList}
</section>`;
}
