import type { Results, TestResult } from "../results/schema.ts";
import { clientOfRow, isClientRow } from "../results/client-rows.ts";
import { escapeHtml as e, anchorOf, statusClass } from "./format.ts";

/**
 * The client judge's rows as one table, a client per row and a client clause per column (as Bowtie shows
 * implementations against its cases): which client broke what is read at a glance, and each cell links to its row
 * in the test list, where the exchanges and the curl line are. Empty when the document judges no client.
 */
export function renderClients(r: Results): string {
  const rows = r.tests.map((t, i) => ({ t, i })).filter(({ t }) => isClientRow(t));
  if (!rows.length) return "";
  const clauses = [...new Map(rows.map(({ t }) => [t.clauses[0]!, t.strength])).entries()].sort(([a], [b]) => a.localeCompare(b));
  const byClient = new Map<string, Map<string, { t: TestResult; i: number }>>();
  for (const row of rows) {
    const client = clientOfRow(row.t);
    const cells = byClient.get(client) ?? new Map<string, { t: TestResult; i: number }>();
    cells.set(row.t.clauses[0]!, row);
    byClient.set(client, cells);
  }
  const head = clauses
    .map(([c, strength]) => `<th scope="col"><code>${e(c.slice("client.".length))}</code><span class="muted"> ${e(strength)}</span></th>`)
    .join("");
  const body = [...byClient.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([client, cells]) => {
      const tds = clauses
        .map(([c]) => {
          const cell = cells.get(c);
          if (!cell) return `<td class="muted">—</td>`;
          const word = cell.t.status === "n/a" ? "not exercised" : cell.t.status;
          return `<td><a class="badge ${statusClass(cell.t.status)}" href="#${anchorOf(cell.i)}" title="${e(cell.t.title)}">${e(word)}</a></td>`;
        })
        .join("");
      return `<tr><th scope="row">${e(client)}</th>${tds}</tr>`;
    })
    .join("");
  return `<section aria-labelledby="h-clients" class="card">
<h2 id="h-clients">Clients <span class="count">${byClient.size} judged</span></h2>
<p class="muted">Each client (an account and its User-Agent) against each client clause, over the whole session. A clause the traffic never exercised is judged neither way. Select a cell for its row in the test list.</p>
<div class="scroll"><table class="grid-table clients"><thead><tr><th scope="col">Client</th>${head}</tr></thead><tbody>${body}</tbody></table></div>
</section>`;
}
