/** What the run report and the comparison share: colours (status colours keep at least 4.5:1 contrast for their text), type, cards, tables. */
export const BASE_STYLE = `
:root {
  --bg: #f5f6f8; --card: #fff; --ink: #1b1f24; --muted: #59636e; --line: #d9dee4; --soft: #eef1f4;
  --accent: #0b5cad; --mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace;
  --pass-bg: #d8f3df; --pass-ink: #11612c; --pass-cell: #5cc27a;
  --fail-bg: #fde0dd; --fail-ink: #a3190f; --fail-cell: #d1372f;
  --error-bg: #fbdcea; --error-ink: #93104a; --error-cell: #c9366f;
  --blocked-bg: #fde6d2; --blocked-ink: #8f3b00; --blocked-cell: #ee8a3d;
  --up-bg: #ece1fa; --up-ink: #5a2a9c; --up-cell: #8455c4;
  --xf-bg: #f8efc6; --xf-ink: #6b5000; --xf-cell: #e2c044;
  --unv-bg: #dcecf7; --unv-ink: #134a6e; --unv-cell: #6fa8d0;
  --skip-bg: #e6e9ed; --skip-ink: #454e59; --skip-cell: #b9c0c8;
  --na-bg: #eef0f2; --na-ink: #59636e; --na-cell: #dde1e6;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--ink); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; }
main { max-width: 1320px; margin: 0 auto; padding: 20px 24px 48px; }
a { color: var(--accent); }
code, pre { font-family: var(--mono); font-size: 12.5px; }
h1, h2, h3 { line-height: 1.25; margin: 0; }
h2 { font-size: 17px; margin-bottom: 10px; }
h3 { font-size: 15px; margin: 22px 0 8px; text-transform: none; }
.muted { color: var(--muted); }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.count { font-size: 13px; font-weight: 400; color: var(--muted); margin-left: 6px; }
.bad { color: var(--fail-ink); font-weight: 600; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 18px 20px; margin-top: 16px; }
.s-pass { background: var(--pass-bg); color: var(--pass-ink); } .s-fail { background: var(--fail-bg); color: var(--fail-ink); }
.s-error { background: var(--error-bg); color: var(--error-ink); } .s-blocked { background: var(--blocked-bg); color: var(--blocked-ink); }
.s-unexpected-pass { background: var(--up-bg); color: var(--up-ink); } .s-expected-fail { background: var(--xf-bg); color: var(--xf-ink); }
.s-skipped { background: var(--skip-bg); color: var(--skip-ink); } .s-unverifiable { background: var(--unv-bg); color: var(--unv-ink); } .s-na { background: var(--na-bg); color: var(--na-ink); }
.badge { display: inline-block; min-width: 44px; padding: 1px 7px; border-radius: 999px; font-size: 11.5px; font-weight: 650; text-align: center; white-space: nowrap; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-weight: 600; padding: 0 0 6px; }
th, td { padding: 5px 8px; vertical-align: top; }
thead th { text-align: left; font-size: 11.5px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); font-weight: 600; border-bottom: 1px solid var(--line); }
`;

/** The run report's inline stylesheet. */
export const STYLE = `${BASE_STYLE}
.top { display: grid; grid-template-columns: minmax(240px, 1fr) 2.2fr; gap: 12px 32px; align-items: start; padding: 6px 0 8px; }
.top h1 { font-size: 22px; letter-spacing: -0.01em; }
.sub { margin: 4px 0 0; color: var(--muted); font-size: 13px; }
.facts { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px 20px; margin: 0; }
.facts div { min-width: 0; }
.facts dt { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; font-weight: 500; }
.notes { grid-column: 1 / -1; margin: 0; padding: 8px 12px 8px 28px; background: var(--soft); border-radius: 8px; color: #333b44; }
.headline { display: grid; grid-template-columns: minmax(280px, 1fr) 1.6fr; gap: 8px 32px; align-items: center; border-left-width: 6px; }
.headline.green { border-left-color: var(--pass-cell); } .headline.amber { border-left-color: var(--xf-cell); } .headline.red { border-left-color: var(--fail-cell); } .headline.grey { border-left-color: var(--skip-cell); }
.verdict { font-size: 13px; text-transform: uppercase; letter-spacing: .07em; margin: 0 0 2px; }
.headline.green .verdict { color: var(--pass-ink); } .headline.amber .verdict { color: var(--xf-ink); } .headline.red .verdict { color: var(--fail-ink); }
.level { font-size: 26px; margin: 0; letter-spacing: -0.01em; }
.why p { margin: 2px 0; }
.partial { margin-top: 6px; } .partial ul { margin: 2px 0 0; padding-left: 18px; color: var(--muted); }
.remedy { color: var(--unv-ink); font-size: 12.5px; }
.tiles { display: grid; grid-template-columns: repeat(9, minmax(0, 1fr)); gap: 8px; }
.tile { border-radius: 8px; padding: 8px 10px; border: 1px solid transparent; }
.tile .n { font-size: 22px; font-weight: 650; font-variant-numeric: tabular-nums; }
.tile .of { font-size: 12px; font-weight: 400; opacity: .8; }
.tile .k { font-size: 12px; font-weight: 600; overflow-wrap: anywhere; }
.tile .p { font-size: 12px; opacity: .85; }
.tile.zero { background: #fff !important; border-color: var(--line); color: var(--muted) !important; }
.stack { display: flex; height: 10px; border-radius: 5px; overflow: hidden; margin: 12px 0 4px; background: var(--soft); }
.stack span { min-width: 2px; }
.stack.mini { height: 8px; margin: 0; width: 140px; }
.stack .s-pass { background: var(--pass-cell); } .stack .s-fail { background: var(--fail-cell); } .stack .s-error { background: var(--error-cell); }
.stack .s-blocked { background: var(--blocked-cell); } .stack .s-unexpected-pass { background: var(--up-cell); } .stack .s-expected-fail { background: var(--xf-cell); }
.stack .s-skipped { background: var(--skip-cell); } .stack .s-unverifiable { background: var(--unv-cell); } .stack .s-na { background: var(--na-cell); }
.two { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; align-items: start; }
.cov-total { margin: 0 0 12px; }
.untested { margin-top: 14px; }
.ids { list-style: none; margin: 4px 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 14px; max-height: 240px; overflow: auto; }
.grid-table tbody tr + tr { border-top: 1px solid var(--soft); }
.grid-table tbody th { text-align: left; font-weight: 500; }
.grid-table td, .grid-table th { vertical-align: middle; }
.grid-table td.zero { color: #b3bac2; }
.grid-table td.hot { font-weight: 650; background: none; }
.meter { display: inline-block; vertical-align: middle; width: 120px; height: 8px; border-radius: 4px; background: var(--soft); overflow: hidden; }
.meter span { display: block; height: 100%; background: var(--accent); }
.levels th:first-child { width: 120px; } .levels .ncell { width: 60px; color: var(--muted); }
.levels tbody tr + tr { border-top: 1px solid var(--soft); }
.levels td, .levels th { vertical-align: middle; padding: 8px; }
.levels tbody th { text-align: left; }
.rel { display: block; font-weight: 650; font-size: 15px; }
.range { display: block; font-size: 11.5px; color: var(--muted); font-weight: 400; }
.cells { display: flex; flex-wrap: wrap; gap: 3px; }
.cell { font: 600 11px/1 var(--mono); width: 38px; height: 26px; border: 1px solid rgba(0,0,0,.08); border-radius: 4px; padding: 0; cursor: pointer; color: #111; }
.cell.s-pass { background: var(--pass-cell); } .cell.s-fail { background: var(--fail-cell); color: #fff; } .cell.s-error { background: var(--error-cell); color: #fff; }
.cell.s-blocked { background: var(--blocked-cell); } .cell.s-unexpected-pass { background: var(--up-cell); color: #fff; } .cell.s-expected-fail { background: var(--xf-cell); }
.cell.s-skipped { background: var(--skip-cell); } .cell.s-unverifiable { background: var(--unv-cell); } .cell.s-na { background: var(--na-cell); color: var(--muted); }
.cell:hover, .cell:focus-visible { outline: 2px solid var(--ink); outline-offset: 1px; }
.cell[aria-pressed="true"] { outline: 3px solid var(--accent); outline-offset: 1px; }
.legend { display: flex; flex-wrap: wrap; gap: 6px 16px; margin: 12px 0 0; font-size: 12.5px; color: var(--muted); }
.lg { display: inline-flex; align-items: center; gap: 6px; }
.cell-swatch { display: inline-block; width: 14px; height: 14px; border-radius: 3px; }
.cell-swatch.s-pass { background: var(--pass-cell); } .cell-swatch.s-fail { background: var(--fail-cell); } .cell-swatch.s-error { background: var(--error-cell); }
.cell-swatch.s-blocked { background: var(--blocked-cell); } .cell-swatch.s-unexpected-pass { background: var(--up-cell); } .cell-swatch.s-expected-fail { background: var(--xf-cell); }
.cell-swatch.s-skipped { background: var(--skip-cell); } .cell-swatch.s-unverifiable { background: var(--unv-cell); } .cell-swatch.s-na { background: var(--na-cell); }
.tag { font: 500 12.5px var(--mono); background: var(--soft); border: 1px solid var(--line); border-radius: 5px; padding: 2px 8px; cursor: pointer; color: var(--ink); }
.tag:hover, .tag:focus-visible { border-color: var(--accent); }
.tag[aria-pressed="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
.tags thead .badge { min-width: 0; }
/* Positioned, so that the visually hidden labels (.sr, absolute) inside stay within it rather than widen the page. */
.scroll { overflow-x: auto; position: relative; }
.filters { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 10px 12px; margin: 0 -8px 4px; background: #f9fafb; border: 1px solid var(--line); border-radius: 8px; }
.filters[hidden] { display: none; }
.filters label { display: inline-flex; align-items: center; gap: 6px; font-weight: 600; font-size: 13px; }
.filters select, .filters input { font: inherit; font-weight: 400; padding: 4px 8px; border: 1px solid #aab3bd; border-radius: 6px; background: #fff; color: var(--ink); }
.filters input { width: 260px; max-width: 100%; }
.chips { display: inline-flex; gap: 6px; }
.chip { font: inherit; font-size: 12.5px; background: var(--accent); color: #fff; border: 0; border-radius: 999px; padding: 2px 10px; cursor: pointer; }
.linkish { font: inherit; font-size: 13px; background: none; border: 0; color: var(--accent); cursor: pointer; padding: 0; text-decoration: underline; }
.tests { table-layout: fixed; }
.tests col.c-status { width: 128px; } .tests col.c-clauses { width: 280px; } .tests col.c-fl { width: 52px; } .tests col.c-str { width: 78px; } .tests col.c-time { width: 72px; }
.tests tbody tr { border-top: 1px solid var(--soft); }
.tests tbody tr:hover { background: #fafbfc; }
.tests tr[data-s="fail"], .tests tr[data-s="error"], .tests tr[data-s="blocked"], .tests tr[data-s="unexpected-pass"] { background: #fffafa; }
.tests tr[data-s="fail"] > td:first-child, .tests tr[data-s="error"] > td:first-child { box-shadow: inset 3px 0 0 var(--fail-cell); }
.tests tr[data-s="blocked"] > td:first-child, .tests tr[data-s="unexpected-pass"] > td:first-child { box-shadow: inset 3px 0 0 var(--blocked-cell); }
.tests td { overflow-wrap: anywhere; }
.tests tr.t { scroll-margin-top: var(--bar, 0px); }
.tests td.clauses code { display: inline-block; font-size: 11.5px; color: #39424c; }
.tests td.clauses code.primary { font-weight: 600; color: var(--ink); }
.tests .dur { color: var(--muted); font-size: 12.5px; }
.str-must { font-weight: 600; } .str-should { color: #3b4550; } .str-may { color: var(--muted); }
.reason { color: var(--muted); font-size: 12.5px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
details > summary { cursor: pointer; font-weight: 500; }
details > summary::marker { color: var(--muted); }
details[open] > summary { margin-bottom: 6px; }
.detail { border-left: 3px solid var(--line); padding: 2px 0 4px 12px; }
.lbl { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); font-weight: 600; margin: 8px 0 3px; }
pre { margin: 0; padding: 8px 10px; background: #f6f8fa; border: 1px solid #e3e7eb; border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 320px; overflow: auto; }
pre.msg { background: #fff7f6; border-color: #f3d2ce; color: #4a0d08; }
.lead { margin: 2px 0 6px; font-weight: 500; }
.says { margin: 0; padding: 8px 10px; background: #fff7f6; border: 1px solid #f3d2ce; border-radius: 6px; color: #4a0d08; }
.says code { font-weight: 650; margin-right: 4px; }
.wg { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 10px; margin: 8px 0 0; font-family: var(--mono); font-size: 12.5px; }
.wg dt { font-weight: 700; color: var(--muted); }
.wg dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.wg dd:nth-of-type(2) { color: var(--fail-ink); }
.curl-box { display: flex; align-items: flex-start; gap: 8px; }
.curl-box pre.curl { flex: 1 1 auto; min-width: 0; max-height: none; overflow: visible; }
.copy { flex: none; font: inherit; font-size: 12.5px; padding: 4px 10px; border: 1px solid #aab3bd; border-radius: 6px; background: #fff; color: var(--ink); cursor: pointer; }
.copy:hover, .copy:focus-visible { border-color: var(--accent); }
details.more { margin-top: 10px; } details.more > summary { font-weight: 400; color: var(--accent); }
pre.err { background: #fff7f6; border-color: #f3d2ce; margin-top: 6px; }
pre.cx { background: #fffaf0; border-color: #f0dcb4; }
.level .share { display: block; font-size: 15px; font-weight: 600; letter-spacing: 0; margin-top: 2px; }
.remedies { margin: 6px 0 0; padding-left: 22px; }
.remedies > li + li { margin-top: 10px; }
.remedy-head { margin: 0; font-weight: 600; color: var(--unv-ink); overflow-wrap: anywhere; }
.remedies .ids { display: block; max-height: none; }
.remedies .ids li { margin: 2px 0; overflow-wrap: anywhere; }
.ex { border: 1px solid var(--line); border-radius: 6px; padding: 6px 8px 8px; margin: 6px 0; background: #fff; }
.ex-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px; font-family: var(--mono); font-size: 12.5px; }
.exn { color: var(--muted); }
.method { font-weight: 700; }
.url { overflow-wrap: anywhere; flex: 1 1 300px; }
.http { font-weight: 700; padding: 0 6px; border-radius: 4px; }
.http.h2 { background: var(--pass-bg); color: var(--pass-ink); } .http.h4, .http.hx { background: var(--fail-bg); color: var(--fail-ink); }
.http.h5 { background: var(--error-bg); color: var(--error-ink); } .http.h1, .http.h3 { background: var(--soft); }
.bodies { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 8px; }
.body .lbl { margin-top: 6px; }
.meta { font-size: 12px; color: var(--muted); margin: 8px 0 0; }
.empty { padding: 24px; text-align: center; color: var(--muted); background: var(--soft); border-radius: 8px; }
footer { margin-top: 24px; color: var(--muted); font-size: 12.5px; text-align: center; }
@media (max-width: 900px) {
  .top, .headline, .two, .bodies { grid-template-columns: minmax(0, 1fr); }
  .tiles { grid-template-columns: repeat(5, minmax(0, 1fr)); }
  .facts { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .tests col.c-clauses { width: 160px; }
}
/* A phone: each test row becomes a small card (status, level, strength and time on one line, the title and
   clauses under it), and the coverage tables drop their bars, so that nothing is wider than the screen. */
@media (max-width: 640px) {
  main { padding: 12px 10px 32px; }
  .card { padding: 14px 12px; }
  .tiles { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .grid-table th, .grid-table td { padding: 4px 5px; }
  .grid-table.cov th:last-child, .grid-table.cov td:last-child { display: none; }
  .levels th:first-child { width: 84px; } .levels .ncell { width: 40px; }
  .filters { margin: 0 0 4px; gap: 6px 12px; }
  .filters label.q { flex: 1 1 180px; } .filters label.q input { width: auto; flex: 1 1 auto; min-width: 0; }
  .tests, .tests tbody { display: block; }
  .tests colgroup, .tests thead { display: none; }
  .tests tr.t { display: grid; grid-template-columns: auto auto auto minmax(0, 1fr); grid-template-areas: "st fl str time" "title title title title" "cl cl cl cl"; gap: 4px 10px; padding: 8px 2px; align-items: center; }
  .tests tr.t[hidden] { display: none; }
  .tests tr.t > td { padding: 0; }
  .tests tr.t > td:first-child { box-shadow: none !important; }
  .tests tr[data-s="fail"], .tests tr[data-s="error"] { box-shadow: inset 3px 0 0 var(--fail-cell); padding-left: 10px; }
  .tests tr[data-s="blocked"], .tests tr[data-s="unexpected-pass"] { box-shadow: inset 3px 0 0 var(--blocked-cell); padding-left: 10px; }
  .tests td.st { grid-area: st; } .tests td.fl { grid-area: fl; } .tests td.fl::before { content: "FL "; color: var(--muted); }
  .tests td.str { grid-area: str; } .tests td.dur { grid-area: time; }
  .tests td.title { grid-area: title; } .tests td.clauses { grid-area: cl; }
  .curl-box { flex-direction: column; }
}
@media print { .filters { display: none; } details { display: block; } body { background: #fff; } .rows[hidden] { content-visibility: visible; } }
`;

/**
 * With JavaScript off there are no filters and nothing reveals the areas' tables: the rows and areas written hidden
 * for the default filter are shown, and so is every table.
 */
export const NOSCRIPT_STYLE = `tr.t[hidden] { display: table-row !important; } section.area[hidden] { display: block !important; } .rows[hidden] { content-visibility: visible !important; }
@media (max-width: 640px) { .tests tr.t[hidden] { display: grid !important; } }`;
