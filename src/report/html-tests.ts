import type { ResultStatus, TestResult } from "./schema.ts";
import { anchorOf, byLevel, countStatuses, escapeHtml as e, fmtDuration, isProblem, orderAreas, prettyBody, STATUSES, truncate } from "./format.ts";
import { badge } from "./html-sections.ts";

/** The test list of the HTML report: one table per area, problem rows expandable with their evidence. */

type Exchange = TestResult["exchanges"][number];

/** Bodies and exchanges are cut so that a run with many failures still makes a file of reasonable size. */
const MAX_BODY = 4000;
const MAX_MESSAGE = 20_000;
const MAX_EXCHANGES = 12;

/** Statuses whose rows carry a <details> with message, curl and exchanges. */
function expandable(s: ResultStatus): boolean {
  return isProblem(s) || s === "expected-fail";
}

function httpClass(status: number | undefined): string {
  if (status === undefined) return "hx";
  return `h${Math.floor(status / 100)}`;
}

function body(label: string, text: string | undefined): string {
  if (text === undefined || text === "") return `<div class="body"><div class="lbl">${label}</div><p class="muted">(none)</p></div>`;
  return `<div class="body"><div class="lbl">${label}</div><pre>${e(truncate(prettyBody(text), MAX_BODY))}</pre></div>`;
}

function exchange(x: Exchange, n: number): string {
  const code = x.status === undefined ? "no response" : String(x.status);
  const dur = x.durationMs === undefined ? "" : `<span class="dur">${e(fmtDuration(x.durationMs))}</span>`;
  const err = x.error ? `<pre class="err">${e(truncate(x.error, MAX_BODY))}</pre>` : "";
  return `<div class="ex"><div class="ex-head"><span class="exn">#${n}</span><span class="method">${e(x.method)}</span><span class="url">${e(x.url)}</span><span class="http ${httpClass(x.status)}">${e(code)}</span>${dur}</div>${err}<div class="bodies">${body("Request body", x.requestBody)}${body("Response body", x.responseBody)}</div></div>`;
}

function details(t: TestResult): string {
  const parts: string[] = [];
  if (t.message) parts.push(`<div class="lbl">Message</div><pre class="msg">${e(truncate(t.message, MAX_MESSAGE))}</pre>`);
  if (t.curl) parts.push(`<div class="lbl">Reproduce</div><pre class="curl">${e(t.curl)}</pre>`);
  const xs = t.exchanges;
  if (xs.length) {
    const skip = Math.max(0, xs.length - MAX_EXCHANGES);
    const note = skip ? `<p class="muted">${skip} earlier exchange${skip === 1 ? "" : "s"} not shown.</p>` : "";
    parts.push(`<div class="lbl">Exchanges (${xs.length})</div>${note}${xs.slice(skip).map((x, i) => exchange(x, skip + i + 1)).join("")}`);
  }
  parts.push(`<p class="meta">id <code>${e(t.id)}</code> · file <code>${e(t.file)}</code></p>`);
  return `<details><summary>${e(t.title)}</summary><div class="detail">${parts.join("")}</div></details>`;
}

function row(t: TestResult, index: number): string {
  const remedy = t.remedy !== undefined ? `<div class="remedy">To verify it: ${e(t.remedy)}</div>` : "";
  const title = expandable(t.status)
    ? details(t)
    : `<span class="ttl">${e(t.title)}</span>${t.message ? `<div class="reason">${e(truncate(t.message.split(/\r?\n/, 1)[0] ?? "", 300))}</div>` : ""}${remedy}`;
  const clauses = t.clauses.map((c, i) => `<code${i === 0 ? ` class="primary"` : ""}>${e(c)}</code>`).join(" ");
  return `<tr class="t" id="${anchorOf(index)}" data-s="${e(t.status)}" data-l="${t.level}" data-t="${e(t.tags.join(" "))}"><td>${badge(t.status)}</td><td class="title">${title}</td><td class="clauses">${clauses}</td><td class="num">${t.level}</td><td class="str str-${e(t.strength)}">${e(t.strength)}</td><td class="num dur">${e(fmtDuration(t.durationMs))}</td></tr>`;
}

export function renderTestList(tests: readonly TestResult[]): string {
  const indexed = tests.map((t, i) => ({ t, i }));
  const groups = new Map<string, { t: TestResult; i: number }[]>();
  for (const x of indexed) {
    const g = groups.get(x.t.area);
    if (g) g.push(x);
    else groups.set(x.t.area, [x]);
  }
  const sections = orderAreas(groups.keys()).map((area) => {
    const list = (groups.get(area) ?? []).slice().sort((a, b) => byLevel(a.t, b.t) || a.i - b.i);
    const c = countStatuses(list.map((x) => x.t));
    const problems = c.fail + c.error + c.blocked + c["unexpected-pass"];
    const stat = `${list.length} test${list.length === 1 ? "" : "s"} · ${c.pass} pass${problems ? ` · <span class="bad">${problems} problem${problems === 1 ? "" : "s"}</span>` : ""}${c.unverifiable ? ` · ${c.unverifiable} not verifiable here` : ""}`;
    const id = `a-${area.replace(/[^a-z0-9-]/gi, "_")}`;
    return `<section class="area" aria-labelledby="${e(id)}"><h3 id="${e(id)}">${e(area)} <span class="count">${stat}</span></h3>
<table class="tests"><colgroup><col class="c-status"><col><col class="c-clauses"><col class="c-fl"><col class="c-str"><col class="c-time"></colgroup>
<thead><tr><th scope="col">Status</th><th scope="col">Test</th><th scope="col">Clauses</th><th scope="col" class="num">FL</th><th scope="col">Strength</th><th scope="col" class="num">Time</th></tr></thead>
<tbody>${list.map((x) => row(x.t, x.i)).join("\n")}</tbody></table></section>`;
  });
  const body = sections.length ? sections.join("\n") : `<p class="empty">No tests ran.</p>`;
  return `<section aria-labelledby="h-tests" class="card" id="tests">
<h2 id="h-tests">Tests</h2>
<div id="filters" class="filters" hidden>
<label>Status <select id="f-status"><option value="all">all</option><option value="problems">problems</option>${STATUSES.map((s) => `<option value="${e(s)}">${e(s)}</option>`).join("")}</select></label>
<label>Search <input id="f-q" type="search" placeholder="title, clause, message…" autocomplete="off"></label>
<span id="f-chips" class="chips"></span>
<button type="button" id="f-expand" class="linkish">Expand all details</button>
<span id="f-shown" class="muted" aria-live="polite"></span>
</div>
<p id="f-none" class="empty" hidden>No test matches the filters.</p>
${body}
</section>`;
}
