import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.ts";
import { badgeOf, renderBadgeSvg } from "../../src/report/badge.ts";
import { compareRuns, renderComparison } from "../../src/results/compare.ts";
import { renderCompareHtml } from "../../src/report/compare-html.ts";
import { ComparisonSchema } from "../../src/results/compare-schema.ts";
import { writeReports } from "../../src/report/write.ts";
import { results, tr } from "./fixtures.ts";

const base = results([tr({ id: "a", status: "pass", level: 180 }), tr({ id: "b", status: "pass", level: 200 }), tr({ id: "c", status: "n/a", level: 300 })]);
const later = results(
  [tr({ id: "a", status: "pass", level: 180 }), tr({ id: "b", status: "fail", level: 200, message: "got 500" }), tr({ id: "d", status: "pass", level: 210 })],
  {
    target: { kind: "url", url: "https://chat.example.org", featureLevel: 250, release: "9.x", product: "zulip", notes: [], faults: [] },
  },
);

describe("compare", () => {
  it("lists every test whose status differs, absent ones included, and the regressions against the first run", () => {
    const c = compareRuns([
      { label: "ref", results: base },
      { label: "prod", results: later },
    ]);
    expect(c.differences.map((d) => [d.test, d.statuses])).toEqual([
      ["b", ["pass", "fail"]],
      ["d", [null, "pass"]],
      ["c", ["n/a", null]],
    ]);
    expect(c.regressions).toEqual([{ test: "b", run: "prod", status: "fail" }]);
    expect(c.runs[1]).toMatchObject({ target: "https://chat.example.org", verifiedLevel: 199, mustProblems: 1 });
    const text = renderComparison(c);
    expect(text).toContain("[2] prod: https://chat.example.org at FL 250, verified through FL 199");
    expect(text).toMatch(/pass\s+fail\s+FL 200/);
    expect(text).toContain("FAIL in prod: b");
  });

  it("says so when nothing differs", () => {
    expect(
      renderComparison(
        compareRuns([
          { label: "x", results: base },
          { label: "y", results: base },
        ]),
      ),
    ).toContain("Every test has the same status in every run.");
  });

  it("the CLI exits 1 on a regression with --fail-on-regression, 0 without it, 2 on a file that is not a results document", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-compare-"));
    writeFileSync(join(dir, "a.json"), JSON.stringify(base));
    writeFileSync(join(dir, "b.json"), JSON.stringify(later));
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ schemaVersion: 1 }));
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s) };
    expect(await main(["compare", join(dir, "a.json"), join(dir, "b.json"), "--fail-on-regression"], io)).toBe(1);
    expect(await main(["compare", join(dir, "a.json"), join(dir, "b.json"), "--json"], io)).toBe(0);
    expect(JSON.parse(out[1]!).regressions).toHaveLength(1);
    expect(await main(["compare", join(dir, "a.json"), join(dir, "bad.json")], io)).toBe(2);
    expect(err.at(-1)).toMatch(/^chat-conformance: compare .*bad\.json: tool: /);
    expect(await main(["compare", join(dir, "a.json")], io)).toBe(2);
    expect(err.at(-1)).toContain("at least two results.json files");
  });
});

describe("badge", () => {
  it("is green with the verified level when the target conforms, orange or red by how far below its level it fails", () => {
    expect(badgeOf(base)).toEqual({ schemaVersion: 1, label: "chat API", message: "conforms through FL 250", color: "brightgreen" });
    expect(badgeOf(later)).toMatchObject({ message: "FL 199 of 250", color: "red" });
    expect(badgeOf(results([]))).toMatchObject({ message: "nothing verified", color: "lightgrey" });
  });

  it("renders as an SVG with the text escaped", () => {
    const svg = renderBadgeSvg({ schemaVersion: 1, label: "a<b", message: "FL 1 & 2", color: "orange" });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="20"/);
    expect(svg).toContain("a&lt;b: FL 1 &amp; 2");
    expect(svg).toContain("#fe7d37");
  });
});

describe("compare: clauses side by side, scores, compare.html and compare.json", () => {
  const A = { clauses: ["fl160.server.a"], level: 160, area: "server" };
  const B = { clauses: ["fl200.messages.b"], level: 200, area: "messages" };
  const C = { clauses: ["fl300.messages.c"], level: 300, area: "messages" };
  const D = { clauses: ["fl210.users.d"], level: 210, area: "users" };
  const one = results([
    tr({ id: "t1", status: "pass", ...A }),
    tr({ id: "t2", status: "pass", ...B }),
    tr({ id: "t3", status: "pass", ...B }),
    tr({ id: "t4", status: "n/a", ...C }),
  ]);
  const two = results([
    tr({ id: "t1", status: "pass", ...A }),
    tr({ id: "t3", status: "pass", ...B }),
    tr({ id: "t2", status: "fail", ...B }),
    tr({ id: "t5", status: "unverifiable", ...D }),
  ]);

  it("makes a row per clause with each run's worst status, the test to open, and whether it differs or regressed", () => {
    const c = ComparisonSchema.parse(
      compareRuns([
        { label: "one", results: one },
        { label: "two", results: two },
      ]),
    );
    const row = (id: string) => c.clauses.find((r) => r.clause === id)!;
    expect(c.clauses.map((r) => r.clause).sort()).toEqual(["fl160.server.a", "fl200.messages.b", "fl210.users.d", "fl300.messages.c"]);
    expect(row("fl160.server.a")).toMatchObject({ differs: false, regressed: false, tests: 1, release: "7.0" });
    expect(row("fl200.messages.b")).toMatchObject({ differs: true, regressed: true, tests: 2 });
    expect(row("fl200.messages.b").cells).toEqual([
      { status: "pass", tests: 2, counted: 2, passed: 2, open: 1 },
      { status: "fail", tests: 2, counted: 2, passed: 1, open: 2 },
    ]);
    expect(row("fl300.messages.c").cells.map((x) => x.status)).toEqual(["n/a", null]);
    expect(row("fl210.users.d")).toMatchObject({ differs: true, regressed: false });
    // Rows by release, then area, then level.
    expect(c.clauses.map((r) => r.release)).toEqual(
      [...c.clauses.map((r) => r.release)].sort((x, y) => ["7.0", "8.0", "10.0"].indexOf(x) - ["7.0", "8.0", "10.0"].indexOf(y)),
    );
  });

  it("scores each run as Interop does (clauses averaged by area, areas averaged; n/a and unverifiable not counted), and what all runs pass", () => {
    const c = compareRuns([
      { label: "one", results: one },
      { label: "two", results: two },
    ]);
    expect(c.runs[0]!.score).toEqual({ total: 100, byArea: { server: 100, messages: 100 }, clauses: 2 });
    expect(c.runs[1]!.score).toEqual({ total: 75, byArea: { server: 100, messages: 50 }, clauses: 2 });
    expect(c.interop).toEqual({ total: 50, byArea: { server: 100, messages: 0 }, clauses: 2 });
    expect(renderComparison(c)).toContain(
      "[2] two: http://127.0.0.1:9991 at FL 250, verified through FL 199, 2/4 pass, 1 not verifiable, 1 must-clause problems, score 75.0",
    );
  });

  it("renders compare.html as one self-contained file: differing clauses first, cells linking into each run's report, text escaped", () => {
    const evil = results([
      tr({ id: "t1", status: "fail", ...A }),
      tr({ id: "x", title: `<img src=x onerror=alert(1)>`, status: "pass", clauses: ["fl170.server.<e>"], level: 170, area: "server" }),
    ]);
    const c = compareRuns([
      { label: "one", results: one, report: "../one/index.html" },
      { label: `<b>two</b>`, results: evil, report: null },
    ]);
    const html = renderCompareHtml(c, { name: "chat-conformance", version: "0.1.0" });
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/<(link|img|iframe|object|embed)\b|\ssrc="|@import|url\(|href="https?:/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;b&gt;two&lt;/b&gt;");
    expect(html).toContain(`<button type="button" class="show" data-show="differs" aria-pressed="true">`);
    expect(html).toContain(`<a href="../one/index.html#t0">pass</a>`);
    expect(html).toContain(`<th scope="col" class="run-col">[1] <a href="../one/index.html">one</a>`);
    // Each cell carries its run's name, which a phone shows in it (the column heads are hidden there), escaped.
    expect(html).toMatch(/<td class="x s-fail" data-run="\[2\] &lt;b&gt;two&lt;\/b&gt;">fail<\/td>/);
    expect(html).toContain("<code>fl170.server.&lt;e&gt;</code>");
    expect(html).toContain(`<td class="x s-absent" data-run="[1] one" title="not in this run">—</td>`);
    const same = renderCompareHtml(
      compareRuns([
        { label: "a", results: one },
        { label: "b", results: one },
      ]),
      { name: "chat-conformance", version: "0.1.0" },
    );
    expect(same).toContain(`data-show="all" aria-pressed="true"`);
  });

  it("the CLI's --out writes compare.html and compare.json, links each run's report relatively, and labels same-named folders apart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-compare-out-"));
    writeReports(join(dir, "a", "latest"), one);
    writeReports(join(dir, "b", "latest"), two);
    writeFileSync(join(dir, "bare.json"), JSON.stringify(two));
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s) };
    const args = [join(dir, "a", "latest", "results.json"), join(dir, "b", "latest", "results.json"), join(dir, "bare.json"), "--out", join(dir, "cmp")];
    expect(await main(["compare", ...args], io)).toBe(0);
    expect(out.at(-1)).toBe(`comparison: ${join(dir, "cmp", "compare.html")}, ${join(dir, "cmp", "compare.json")}\n`);
    const c = ComparisonSchema.parse(JSON.parse(readFileSync(join(dir, "cmp", "compare.json"), "utf8")));
    expect(c.runs.map((r) => [r.label, r.report])).toEqual([
      ["a/latest", "../a/latest/index.html"],
      ["b/latest", "../b/latest/index.html"],
      [join(dir, "bare.json"), null],
    ]);
    expect(readFileSync(join(dir, "cmp", "compare.html"), "utf8")).toContain(`<a href="../b/latest/index.html#t2">fail</a>`);
    // With --json, stdout is the document alone.
    out.length = 0;
    expect(await main(["compare", ...args, "--json"], io)).toBe(0);
    expect(ComparisonSchema.parse(JSON.parse(out.join(""))).clauses).toHaveLength(4);
    expect(err.at(-1)).toContain("comparison: ");
  });
});
