import type { Failure, ResultStatus, TestResult } from "../results/schema.ts";
import { anchorOf, escapeHtml as e, fmtDuration, prettyBody, truncate } from "./format.ts";
import { byLevel, countStatuses, isProblem, orderAreas, STATUSES } from "../results/tally.ts";
import { badge } from "./html-sections.ts";
import { remedyGroups } from "./remedies.ts";
import { propertyCaseLine } from "../results/property-case.ts";

/**
 * The test list of the HTML report: one table per area, problem rows expandable with their evidence. When the run
 * has problems the status filter starts at "problems", and the rows it hides are written hidden, so that the browser
 * never lays them out (a run of thousands of tests opens at the speed of its problems); without JavaScript a
 * <noscript> style shows every row (html.ts). Each area's table is written hidden="until-found": the browser skips
 * its layout until the script reveals it near the viewport, and find-in-page and #tN links still reach it.
 */

type Exchange = TestResult["exchanges"][number];

/** Bodies and exchanges are cut so that a run with many failures still makes a file of reasonable size. */
const MAX_BODY = 4000;
const MAX_MESSAGE = 20_000;
const MAX_EXCHANGES = 12;

/** Statuses whose rows carry a <details> with the failure, the exchange and the curl line. */
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

/**
 * The exchange the failure names, among those the test recorded: the last with its method, URL and status (a test
 * may repeat a request). Without a named one, the last exchange: what the test did before it stopped.
 */
function shownExchange(xs: readonly Exchange[], named: Failure["exchange"]): number {
  if (!named) return xs.length - 1;
  for (let i = xs.length - 1; i >= 0; i--) {
    const x = xs[i]!;
    if (x.method === named.method && x.url === named.url && (named.status === undefined || x.status === named.status)) return i;
  }
  return -1;
}

/** A command line in full (never cut, never scrolled inside its box) with a copy button, which the script shows. */
function copyBox(label: string, line: string, note = ""): string {
  return `<div class="lbl">${label}</div>${note}<div class="curl-box"><pre class="curl">${e(line)}</pre><button type="button" class="copy" hidden>Copy</button></div>`;
}

function curlBox(curl: string): string {
  return copyBox("Reproduce", curl);
}

/**
 * The message without its property case's last line (src/expect/runner.ts adds it), which the report shows in a
 * block of its own: left in, it would end up on the curl line the message ends with.
 */
function withoutPropertyCase(t: TestResult): string | undefined {
  if (t.message === undefined || t.property === undefined) return t.message;
  const line = `\n${propertyCaseLine(t.property)}`;
  return t.message.endsWith(line) ? t.message.slice(0, -line.length) : t.message;
}

/** A failing property's case: the counterexample, what replays it, and the run command that does. */
function propertyCase(t: TestResult, p: NonNullable<TestResult["property"]>): string {
  const facts = `<p class="meta">seed <code>${p.seed}</code> · path <code>${e(p.path || "(none)")}</code> · after ${p.runs} run${p.runs === 1 ? "" : "s"}</p>`;
  // --seed=N, not --seed N: a negative seed after a space reads as an option.
  const replay = `chat-conformance run --seed=${p.seed} --filter ${t.file}`;
  return `<div class="lbl">Counterexample</div><pre class="cx">${e(truncate(p.counterexample, MAX_BODY))}</pre>${facts}${copyBox("Replay", replay, `<p class="meta">with the run's own target options (CC_SEED=${p.seed} for npm test)</p>`)}`;
}

function failure(f: Failure): string {
  const lead = f.lead ? `<p class="lead">${e(truncate(f.lead, MAX_MESSAGE))}</p>` : "";
  const want = `${f.want}${f.at ? ` at ${f.at}` : ""}`;
  return `${lead}<div class="lbl">The clause</div><p class="says"><code>${e(f.clause)}</code> ${e(truncate(f.says, MAX_MESSAGE))}</p><dl class="wg"><dt>want</dt><dd>${e(truncate(want, MAX_MESSAGE))}</dd><dt>got</dt><dd>${e(truncate(f.got, MAX_MESSAGE))}</dd></dl>`;
}

function details(t: TestResult): string {
  const parts: string[] = [];
  const message = withoutPropertyCase(t);
  const f = t.failure;
  if (f) parts.push(failure(f));
  else if (message) parts.push(`<div class="lbl">Message</div><pre class="msg">${e(truncate(message, MAX_MESSAGE))}</pre>`);
  const xs = t.exchanges;
  const shown = shownExchange(xs, f?.exchange);
  if (shown >= 0) parts.push(`<div class="lbl">${f?.exchange ? "The exchange" : "Last exchange"}</div>${exchange(xs[shown]!, shown + 1)}`);
  else if (f?.exchange) parts.push(`<div class="lbl">The exchange</div><pre class="ex-text">${e(truncate(f.exchange.text, MAX_MESSAGE))}</pre>`);
  const curl = t.curl ?? f?.curl;
  if (curl) parts.push(curlBox(curl));
  if (t.property) parts.push(propertyCase(t, t.property));
  const others = xs.map((x, i) => ({ x, i })).filter(({ i }) => i !== shown);
  if (others.length) {
    const skip = Math.max(0, others.length - MAX_EXCHANGES);
    const note = skip ? `<p class="muted">${skip} earlier exchange${skip === 1 ? "" : "s"} not shown.</p>` : "";
    parts.push(
      `<details class="more"><summary>${shown >= 0 ? "Other exchanges" : "Exchanges"} of this test (${others.length})</summary>${note}${others
        .slice(skip)
        .map(({ x, i }) => exchange(x, i + 1))
        .join("")}</details>`,
    );
  }
  parts.push(`<p class="meta">id <code>${e(t.id)}</code> · file <code>${e(t.file)}</code></p>`);
  return `<details><summary>${e(t.title)}</summary><div class="detail">${parts.join("")}</div></details>`;
}

function row(t: TestResult, index: number, hidden: boolean): string {
  const remedy = t.remedy !== undefined ? `<div class="remedy">To verify it: ${e(t.remedy)}</div>` : "";
  const title = expandable(t.status)
    ? details(t)
    : `${e(t.title)}${t.message ? `<div class="reason">${e(truncate(t.message.split(/\r?\n/, 1)[0] ?? "", 300))}</div>` : ""}${remedy}`;
  const clauses = t.clauses.map((c, i) => `<code${i === 0 ? ` class="primary"` : ""}>${e(c)}</code>`).join(" ");
  return `<tr class="t"${hidden ? " hidden" : ""} id="${anchorOf(index)}" data-s="${e(t.status)}" data-l="${t.level}" data-t="${e(t.tags.join(" "))}"><td class="st">${badge(t.status)}</td><td class="title">${title}</td><td class="clauses">${clauses}</td><td class="num fl">${t.level}</td><td class="str str-${e(t.strength)}">${e(t.strength)}</td><td class="num dur">${e(fmtDuration(t.durationMs))}</td></tr>`;
}

/**
 * An area's counts, as its header shows them: all its tests, or (when a filter hides some) how many are shown. The
 * script rewrites it as the filters change, in the same words.
 */
export function areaCount(total: number, shown: readonly TestResult[]): string {
  const c = countStatuses(shown);
  const problems = c.fail + c.error + c.blocked + c["unexpected-pass"];
  const head = shown.length === total ? `${total} test${total === 1 ? "" : "s"}` : `${shown.length} of ${total} shown`;
  return `${head} · ${c.pass} pass${problems ? ` · <span class="bad">${problems} problem${problems === 1 ? "" : "s"}</span>` : ""}${c.unverifiable ? ` · ${c.unverifiable} not verifiable here` : ""}`;
}

export function renderTestList(tests: readonly TestResult[]): string {
  const indexed = tests.map((t, i) => ({ t, i }));
  const groups = new Map<string, { t: TestResult; i: number }[]>();
  for (const x of indexed) {
    const g = groups.get(x.t.area);
    if (g) g.push(x);
    else groups.set(x.t.area, [x]);
  }
  const anyProblem = tests.some((t) => isProblem(t.status));
  const sections = orderAreas(groups.keys()).map((area) => {
    const list = (groups.get(area) ?? []).slice().sort((a, b) => byLevel(a.t, b.t) || a.i - b.i);
    const id = `a-${area.replace(/[^a-z0-9-]/gi, "_")}`;
    const shown = anyProblem ? list.filter((x) => isProblem(x.t.status)) : list;
    // Rows are joined without whitespace: a text node between rows is one DOM node more per test, for nothing.
    // The height it takes until it is first rendered (then the browser remembers the real one): rows of a line or two.
    const estimate = 80 + shown.length * 40;
    return `<section class="area"${shown.length ? "" : " hidden"} aria-labelledby="${e(id)}"><h3 id="${e(id)}">${e(area)} <span class="count">${areaCount(
      list.length,
      list.map((x) => x.t),
    )}</span></h3>
<div class="rows" hidden="until-found" style="contain-intrinsic-size: auto ${estimate}px"><table class="tests"><colgroup><col class="c-status"><col><col class="c-clauses"><col class="c-fl"><col class="c-str"><col class="c-time"></colgroup>
<thead><tr><th scope="col">Status</th><th scope="col">Test</th><th scope="col">Clauses</th><th scope="col" class="num">FL</th><th scope="col">Strength</th><th scope="col" class="num">Time</th></tr></thead>
<tbody>${list.map((x) => row(x.t, x.i, anyProblem && !isProblem(x.t.status))).join("")}</tbody></table></div></section>`;
  });
  const body = sections.length ? sections.join("\n") : `<p class="empty">No tests ran.</p>`;
  const option = (value: string, label: string) =>
    `<option value="${e(value)}"${anyProblem === (value === "problems") ? " selected" : ""}>${e(label)}</option>`;
  return `<section aria-labelledby="h-tests" class="card" id="tests">
<h2 id="h-tests">Tests</h2>
<div id="filters" class="filters" hidden>
<label>Status <select id="f-status">${option("all", "all")}${option("problems", "problems")}${STATUSES.map((s) => `<option value="${e(s)}">${e(s)}</option>`).join("")}</select></label>
<label class="q">Search <input id="f-q" type="search" placeholder="title, clause, message…" autocomplete="off"></label>
<span id="f-chips" class="chips"></span>
<button type="button" id="f-expand" class="linkish">Expand all details</button>
<span id="f-shown" class="muted" aria-live="polite"></span>
</div>
<p id="f-none" class="empty" hidden>No test matches the filters. <button type="button" id="f-reset" class="linkish">Show every test</button></p>
${body}
</section>`;
}

/**
 * The tests not verifiable on this target, grouped by what would make them runnable, as the CLI's summary lists
 * them: the headline's "N tests not verifiable here" leads here (the test list's filter starts at the problems,
 * which they are not). Each test links to its row, which the script shows whatever the filter.
 */
export function renderUnverifiable(tests: readonly TestResult[]): string {
  const groups = remedyGroups(tests);
  if (!groups.length) return "";
  const n = groups.reduce((a, g) => a + g.tests.length, 0);
  const items = groups
    .map(
      (g) =>
        `<li><p class="remedy-head">${e(g.remedy)} <span class="muted">· ${g.tests.length} test${g.tests.length === 1 ? "" : "s"}</span></p><ul class="ids">${g.tests
          .map(
            ({ test, index }) =>
              `<li><a href="#${anchorOf(index)}"><code>${e(test.clauses[0] ?? test.id)}</code></a> <span class="muted">FL ${test.level}</span> ${e(test.title)}</li>`,
          )
          .join("")}</ul></li>`,
    )
    .join("");
  return `<section aria-labelledby="h-unverifiable" class="card" id="unverifiable">
<h2 id="h-unverifiable">Not verifiable on this target <span class="count">${n} test${n === 1 ? "" : "s"}</span></h2>
<p class="muted">The target was not given what these tests need, so nothing is known about them either way. To make them runnable:</p>
<ol class="remedies">${items}</ol>
</section>`;
}
