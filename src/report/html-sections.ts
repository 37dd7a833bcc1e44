import { RELEASES } from "../catalog/schema.ts";
import type { Results, ResultStatus, TestResult } from "../results/schema.ts";
import { escapeHtml as e, fmtDuration, fmtTime, statusClass, anchorOf } from "./format.ts";
import { STATUSES, countStatuses, orderAreas, orderReleases, pct, releaseOfLevel, releaseRange, tally, worst } from "../results/tally.ts";
import { firstFailureLevel, shareWords, testedWords, verdictOf } from "../results/verdict.ts";

/** The upper parts of the HTML report: header, headline, summary, coverage, the release × level grid, tags. */

export function badge(s: ResultStatus): string {
  return `<span class="badge ${statusClass(s)}">${e(s)}</span>`;
}

/** The report's name for a document of live traffic (results.json's `session`), in its title and heading. */
export const SESSION_TITLES = { proxy: "Proxy session", "client-judge": "Client conformance" } as const;

export function renderHeader(r: Results, history?: string): string {
  const t = r.target;
  const facts: [string, string][] = [
    ["URL", `<code>${e(t.url)}</code>`],
    ["Kind", e(t.kind)],
    ["Product", e(t.product)],
    ["Feature level", `FL ${t.featureLevel}`],
    ["Release", t.release === null ? `<span class="muted">unknown</span>` : e(t.release)],
    ["Faults", t.faults.length ? t.faults.map((f) => `<code>${e(f)}</code>`).join(" ") : `<span class="muted">none</span>`],
  ];
  const notes = t.notes.length ? `<ul class="notes">${t.notes.map((n) => `<li>${e(n)}</li>`).join("")}</ul>` : "";
  return `<header class="top">
<div class="brand"><h1>${r.session ? SESSION_TITLES[r.session] : "Conformance"} report</h1><p class="sub">${e(r.tool.name)} ${e(r.tool.version)} · started ${e(fmtTime(r.startedAt))} · ran ${e(fmtDuration(r.durationMs))}${history !== undefined ? ` · <a href="${e(history)}">history of this target</a>` : ""}</p></div>
<dl class="facts">${facts.map(([k, v]) => `<div><dt>${k}</dt><dd>${v}</dd></div>`).join("")}</dl>
${notes}
</header>`;
}

export function renderHeadline(r: Results): string {
  const s = r.summary;
  const v = verdictOf(r);
  const passed = (s.byStatus.pass ?? 0) > 0;
  // The share sits inside the level's own line: the big words never stand without what they cover.
  const share = shareWords(r);
  const level = r.session
    ? `<p class="level">Live traffic judged</p><p class="muted">a session proves only what its clients did, so it claims no level</p>`
    : r.verifiedLevel !== null
      ? `<p class="level">Conforms through <strong>FL ${r.verifiedLevel}</strong>${share ? ` <span class="share">— ${e(share)}</span>` : ""}</p>`
      : `<p class="level">${passed ? "No level verified" : "Nothing verified"}</p>`;
  const verdict = `${level}${v.qualifiers.map((q) => `<p class="muted">${e(q)}</p>`).join("")}`;
  const partial = r.partial
    ? `<div class="partial"><p><strong>Partial run</strong></p><ul>${r.partial.reasons.map((x) => `<li>${e(x)}</li>`).join("")}</ul></div>`
    : "";
  let first =
    s.total === 0
      ? `<p>The run has no tests.</p>`
      : s.mustProblems === 0 && passed
        ? r.session
          ? `<p>No violation: every must clause the traffic exercised held.</p>`
          : `<p>No failure: every must-clause test that ran passed.</p>`
        : r.session
          ? `<p>The traffic exercised no clause.</p>`
          : `<p>No must-clause test passed.</p>`;
  if (r.firstFailure) {
    const f = r.firstFailure;
    const i = r.tests.findIndex((x) => x.id === f.test);
    const name = i >= 0 ? `<a href="#${anchorOf(i)}">${e(r.tests[i]?.title ?? f.test)}</a>` : `<code>${e(f.test)}</code>`;
    const failedAt = firstFailureLevel(r);
    const at = failedAt === undefined ? "" : ` at <strong>FL ${failedAt}</strong>`;
    first = `<p>First failure${at}: clause <code>${e(f.clause)}</code> in ${name}</p>`;
  }
  const unverifiable = s.byStatus.unverifiable ?? 0;
  const notVerifiable = unverifiable
    ? ` · <a href="#unverifiable">${unverifiable} test${unverifiable === 1 ? "" : "s"} not verifiable here</a>${r.strict ? " (counted as problems: strict)" : ""}`
    : "";
  return `<section class="card headline ${v.state}" aria-labelledby="h-verdict">
<div><h2 id="h-verdict" class="verdict">${e(v.word)}</h2>${verdict}</div>
<div class="why">${first}<p>${s.mustProblems} must-clause problem${s.mustProblems === 1 ? "" : "s"} · ${s.shouldFailures} should-clause failure${s.shouldFailures === 1 ? "" : "s"}${notVerifiable}</p>${partial}</div>
</section>`;
}

export function renderCountTiles(r: Results): string {
  const { total, byStatus } = r.summary;
  // Shares of the tests that apply at the target's level: n/a tests are counted on their own tile, in no percentage.
  const applies = total - (byStatus["n/a"] ?? 0);
  const tiles = STATUSES.map((st) => {
    const n = byStatus[st] ?? 0;
    const [of, share] = st === "n/a" ? [` of ${total}`, "not applicable"] : [` / ${applies}`, pct(n, applies)];
    return `<div class="tile ${statusClass(st)}${n === 0 ? " zero" : ""}"><div class="n">${n}<span class="of">${of}</span></div><div class="k">${e(st)}</div><div class="p">${share}</div></div>`;
  }).join("");
  const bar = STATUSES.filter((st) => (byStatus[st] ?? 0) > 0)
    .map((st) => `<span class="${statusClass(st)}" style="flex-grow:${byStatus[st] ?? 0}" title="${e(st)}: ${byStatus[st] ?? 0}"></span>`)
    .join("");
  const applicable = total - (byStatus["n/a"] ?? 0) - (byStatus.skipped ?? 0) - (byStatus.unverifiable ?? 0);
  const passed = (byStatus.pass ?? 0) + (byStatus["expected-fail"] ?? 0);
  return `<section aria-labelledby="h-summary" class="card">
<h2 id="h-summary">Summary <span class="count">${total} test${total === 1 ? "" : "s"}</span></h2>
<div class="tiles">${tiles}</div>
${total > 0 ? `<div class="stack" aria-hidden="true">${bar}</div>` : ""}
<p class="muted">${applies} of ${total} tests apply at FL ${r.target.featureLevel}; the tiles' shares are of those. ${passed} of the ${applicable} that reached a verdict passed (${pct(passed, applicable)}), counting expected failures as passes (skipped and unverifiable tests reach none).</p>
${leftoversNote(r)}
</section>`;
}

/** What tests made and could not remove: it stays on the server for every later run (one line, the list folded). */
function leftoversNote(r: Results): string {
  const left = r.leftovers ?? [];
  if (!left.length) return "";
  return `<details class="untested"><summary>${left.length} thing${left.length === 1 ? "" : "s"} the tests made could not be removed from the server</summary><ul class="ids">${left.map((l) => `<li>${e(l.what)} <span class="muted">(<code>${e(l.test)}</code>)</span></li>`).join("")}</ul></details>`;
}

function meter(tested: number, testable: number): string {
  const w = testable > 0 ? Math.min(100, (tested * 100) / testable) : 0;
  return `<span class="meter" aria-hidden="true"><span style="width:${w.toFixed(1)}%"></span></span>`;
}

function coverageTable(caption: string, head: string, rows: [string, { tested: number; testable: number }][]): string {
  const body = rows.length
    ? rows
        .map(
          ([k, c]) =>
            `<tr><th scope="row">${e(k)}</th><td class="num">${c.tested}</td><td class="num">${c.testable}</td><td class="num">${pct(c.tested, c.testable)}</td><td>${meter(c.tested, c.testable)}</td></tr>`,
        )
        .join("")
    : `<tr><td colspan="5" class="muted">none</td></tr>`;
  return `<table class="grid-table cov"><caption>${caption}</caption><thead><tr><th scope="col">${head}</th><th scope="col" class="num">Tested</th><th scope="col" class="num">Testable</th><th scope="col" class="num">%</th><th scope="col"><span class="sr">Bar</span></th></tr></thead><tbody>${body}</tbody></table>`;
}

function untested(ids: readonly string[]): string {
  if (!ids.length) return "";
  return `<details class="untested"><summary>${ids.length} applicable testable clause${ids.length === 1 ? "" : "s"} not tested in this run</summary><ul class="ids">${ids.map((id) => `<li><code>${e(id)}</code></li>`).join("")}</ul></details>`;
}

export function renderCoverage(r: Results): string {
  const c = r.coverage;
  const areas = orderAreas(Object.keys(c.byArea)).map((k): [string, { tested: number; testable: number }] => [k, c.byArea[k] ?? { tested: 0, testable: 0 }]);
  const rels = orderReleases(Object.keys(c.byRelease)).map((k): [string, { tested: number; testable: number }] => [
    k,
    c.byRelease[k] ?? { tested: 0, testable: 0 },
  ]);
  return `<section aria-labelledby="h-coverage" class="card">
<h2 id="h-coverage">Catalog coverage</h2>
<p class="cov-total"><strong>${c.tested}</strong> of <strong>${c.testable}</strong> testable clauses that apply at FL ${r.target.featureLevel} were ${testedWords(r)} (${pct(c.tested, c.testable)}) ${meter(c.tested, c.testable)} <span class="muted">· ${c.untestable} clause${c.untestable === 1 ? "" : "s"} cannot be tested black-box</span></p>
<div class="two">${coverageTable("By area", "Area", areas)}${coverageTable("By release", "Release", rels)}</div>
${untested(c.untestedIds ?? [])}
</section>`;
}

export function renderGrid(tests: readonly TestResult[]): string {
  const byLevel = new Map<number, ResultStatus[]>();
  for (const t of tests) {
    const list = byLevel.get(t.level);
    if (list) list.push(t.status);
    else byLevel.set(t.level, [t.status]);
  }
  const perRelease = new Map<string, number[]>();
  for (const lvl of [...byLevel.keys()].sort((a, b) => a - b)) {
    const rel = releaseOfLevel(lvl);
    const list = perRelease.get(rel);
    if (list) list.push(lvl);
    else perRelease.set(rel, [lvl]);
  }
  const releases = orderReleases([...RELEASES, ...perRelease.keys()]);
  const rows = releases.map((rel) => {
    const range = releaseRange(rel);
    const levels = perRelease.get(rel) ?? [];
    const cells = levels.map((lvl) => {
      const sts = byLevel.get(lvl) ?? [];
      const w = worst(sts) ?? "n/a";
      const c = tally(sts);
      const tip = `FL ${lvl}: ${sts.length} test${sts.length === 1 ? "" : "s"} — ${STATUSES.filter((s) => c[s] > 0)
        .map((s) => `${c[s]} ${s}`)
        .join(", ")}`;
      return `<button type="button" class="cell ${statusClass(w)}" data-level="${lvl}" title="${e(tip)}" aria-label="${e(tip)}" aria-pressed="false">${lvl}</button>`;
    });
    const label = range ? `<span class="range">FL ${range.first}–${range.last}</span>` : "";
    const tested = levels.length;
    return `<tr><th scope="row"><span class="rel">${e(rel)}</span>${label}</th><td class="ncell num">${tested}</td><td>${cells.length ? `<div class="cells">${cells.join("")}</div>` : `<span class="muted">no tests</span>`}</td></tr>`;
  });
  const legend = (["fail", "error", "unexpected-pass", "blocked", "expected-fail", "unverifiable", "pass", "skipped", "n/a"] as const)
    .map((s) => `<span class="lg"><span class="cell-swatch ${statusClass(s)}"></span>${e(s)}</span>`)
    .join("");
  return `<section aria-labelledby="h-grid" class="card">
<h2 id="h-grid">Feature levels</h2>
<p class="muted">Each cell is a feature level with tests, coloured by the worst status among the tests whose primary clause has that level. Select a cell to filter the test list.</p>
<table class="levels"><thead><tr><th scope="col">Release</th><th scope="col" class="num">Levels</th><th scope="col">Tested levels</th></tr></thead><tbody>${rows.join("")}</tbody></table>
<p class="legend">${legend}</p>
</section>`;
}

export function renderTags(tests: readonly TestResult[]): string {
  const byTag = new Map<string, Record<ResultStatus, number>>();
  for (const t of tests) {
    for (const tag of new Set(t.tags)) {
      let c = byTag.get(tag);
      if (!c) byTag.set(tag, (c = countStatuses([])));
      c[t.status]++;
    }
  }
  const used = STATUSES.filter((s) => [...byTag.values()].some((c) => c[s] > 0));
  const tags = [...byTag.entries()].map(([tag, c]) => ({ tag, c, n: STATUSES.reduce((a, s) => a + c[s], 0) }));
  tags.sort((a, b) => b.n - a.n || a.tag.localeCompare(b.tag));
  const head = used.map((s) => `<th scope="col" class="num">${badge(s)}</th>`).join("");
  const body = tags.length
    ? tags
        .map(({ tag, c, n }) => {
          const cells = used
            .map((s) => (c[s] > 0 ? `<td class="num${s === "pass" ? "" : ` hot ${statusClass(s)}`}">${c[s]}</td>` : `<td class="num zero">0</td>`))
            .join("");
          const bar = STATUSES.filter((s) => c[s] > 0)
            .map((s) => `<span class="${statusClass(s)}" style="flex-grow:${c[s]}"></span>`)
            .join("");
          return `<tr><th scope="row"><button type="button" class="tag" data-tag="${e(tag)}" aria-pressed="false">${e(tag)}</button></th>${cells}<td class="num">${n}</td><td><div class="stack mini" aria-hidden="true">${bar}</div></td></tr>`;
        })
        .join("")
    : `<tr><td colspan="${used.length + 3}" class="muted">no tagged tests</td></tr>`;
  return `<section aria-labelledby="h-tags" class="card">
<h2 id="h-tags">Behaviour tags</h2>
<p class="muted">Tests per behaviour tag of their primary clause, by status. A test counts once under each of its tags. Select a tag to filter the test list.</p>
<div class="scroll"><table class="grid-table tags"><thead><tr><th scope="col">Tag</th>${head}<th scope="col" class="num">Total</th><th scope="col"><span class="sr">Distribution</span></th></tr></thead><tbody>${body}</tbody></table></div>
</section>`;
}
