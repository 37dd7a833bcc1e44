import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.ts";
import { badgeOf, renderBadgeSvg } from "../../src/report/badge.ts";
import { compareRuns, renderComparison } from "../../src/report/compare.ts";
import { results, tr } from "./fixtures.ts";

const base = results([tr({ id: "a", status: "pass", level: 180 }), tr({ id: "b", status: "pass", level: 200 }), tr({ id: "c", status: "n/a", level: 300 })]);
const later = results([tr({ id: "a", status: "pass", level: 180 }), tr({ id: "b", status: "fail", level: 200, message: "got 500" }), tr({ id: "d", status: "pass", level: 210 })], {
  target: { kind: "url", url: "https://chat.example.org", featureLevel: 250, release: "9.x", product: "zulip", notes: [], faults: [] },
});

describe("compare", () => {
  it("lists every test whose status differs, absent ones included, and the regressions against the first run", () => {
    const c = compareRuns([{ label: "ref", results: base }, { label: "prod", results: later }]);
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
    expect(renderComparison(compareRuns([{ label: "x", results: base }, { label: "y", results: base }]))).toContain("Every test has the same status in every run.");
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
