import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.ts";
import { renderHistoryHtml } from "../../src/report/history-html.ts";
import { renderHtml } from "../../src/report/html.ts";
import { HistorySchema } from "../../src/results/history-schema.ts";
import { buildHistory, renderHistory } from "../../src/results/history.ts";
import type { Results, ResultStatus } from "../../src/results/schema.ts";
import { results, tr } from "../report/fixtures.ts";

/** A dated run of the reference server: one test per clause (its status given), at the target level and release given. */
function run(day: number, statuses: Record<string, ResultStatus>, over: { fl?: number; release?: string; share?: [number, number] } = {}): Results {
  const tests = Object.entries(statuses).map(([clause, status]) => tr({ id: `t ${clause}`, clauses: [clause], level: Number(clause.slice(2, 5)), status }));
  const fl = over.fl ?? 250;
  const [verified, applicable] = over.share ?? [3, 4];
  return results(tests, {
    startedAt: `2026-01-${String(day).padStart(2, "0")}T08:00:00.000Z`,
    target: {
      kind: "reference",
      url: `http://127.0.0.1:${9000 + day}`,
      featureLevel: fl,
      release: over.release ?? "9.x",
      product: "chat",
      notes: [],
      faults: [],
    },
    verifiedShare: { verified, applicable },
  });
}

/** Days given out of order, so that the history must order them by startedAt. */
const days = [
  // fl200.a: passes, fails from day 2 with nothing changed (flaky), fixed on day 4 after an upgrade.
  // fl210.b: passes, fails with nothing changed (flaky), passes again after an upgrade.
  // fl220.c: always passes; fl230.d: fails from day 3 on, when the level went up.
  run(3, { "fl200.a": "fail", "fl210.b": "pass", "fl220.c": "pass", "fl230.d": "fail" }, { fl: 260, release: "10.0", share: [2, 5] }),
  run(1, { "fl200.a": "pass", "fl210.b": "pass", "fl220.c": "pass", "fl230.d": "pass" }, { share: [4, 4] }),
  run(4, { "fl200.a": "pass", "fl210.b": "pass", "fl220.c": "pass", "fl230.d": "fail" }, { fl: 270, release: "10.0", share: [3, 5] }),
  run(2, { "fl200.a": "fail", "fl210.b": "fail", "fl220.c": "pass", "fl230.d": "pass" }, { share: [1, 4] }),
];

const history = () => buildHistory(days.map((r, i) => ({ label: `run${i}`, results: r })));
const clause = (id: string) => history().clauses.find((c) => c.clause === id)!;

describe("compare --history: each clause over time", () => {
  it("orders the runs by startedAt, whatever order the files came in", () => {
    expect(history().runs.map((r) => r.startedAt.slice(0, 10))).toEqual(["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"]);
    expect(clause("fl200.a").statuses).toEqual(["pass", "fail", "fail", "pass"]);
  });

  it("first seen failing: the first run in which the clause is a problem (fl200.a in run 2, fl230.d in run 3, fl220.c never)", () => {
    expect(clause("fl200.a").firstFailing).toBe(1);
    expect(clause("fl230.d").firstFailing).toBe(2);
    expect(clause("fl220.c").firstFailing).toBeNull();
  });

  it("fixed: failing, then passing (fl200.a in run 4); a clause failing since is not (fl230.d)", () => {
    expect(clause("fl200.a").fixed).toEqual([3]);
    expect(clause("fl230.d").fixed).toEqual([]);
    expect(history().summary).toEqual({ failingNow: 1, fixed: 2, flaky: 2 });
  });

  it("flaky: the status changed while the target's level, release and the harness did not (fl210.b and fl200.a in run 2)", () => {
    // fl210.b failed on day 2 at the same FL 250 as day 1, and passed on day 3 at FL 260: only day 2 is a flake.
    expect(clause("fl210.b").flaky).toEqual([1]);
    // fl230.d changed with the upgrade to FL 260 and fl200.a's fix came with FL 270: neither is a flake.
    expect(clause("fl230.d").flaky).toEqual([]);
    expect(clause("fl200.a").flaky).toEqual([1]);
  });

  it("a change to or from a status without a verdict (n/a, skipped, unverifiable) is no flake and no fix", () => {
    const h = buildHistory([
      { label: "a", results: run(1, { "fl200.x": "fail" }) },
      { label: "b", results: run(2, { "fl200.x": "unverifiable" }) },
      { label: "c", results: run(3, { "fl200.x": "fail" }) },
    ]);
    expect(h.clauses[0]).toMatchObject({ firstFailing: 0, fixed: [], flaky: [] });
  });

  it("trends: the verified level and the score (applicable clauses verified, %) of each run", () => {
    const h = history();
    expect(h.runs.map((r) => r.score)).toEqual([100, 25, 40, 60]);
    expect(h.runs.map((r) => r.verifiedLevel)).toEqual([250, 199, 199, 229]);
    const text = renderHistory(h);
    expect(text).toContain("trend, first to last run: verified level -21, score -40");
    expect(text).toMatch(/Fixed \(2\):\n.*fixed in \[4\]\s+FL 200\s+fl200\.a/);
    expect(text).toMatch(/Flaky .*\(2\):/);
  });

  it("history.json validates, and history.html shows the trend and the clauses that failed or flaked", () => {
    const h = history();
    expect(HistorySchema.parse(JSON.parse(JSON.stringify(h)))).toEqual(h);
    const html = renderHistoryHtml(h, { name: "chat-conformance", version: "0.0.0" });
    expect(html).toContain("Verified level (FL)");
    expect(html).toContain("<code>fl210.b</code>");
    expect(html).toContain("flaky in [2]");
    expect(html).not.toContain("<code>fl220.c</code>");
    expect(html).toContain("1 other clause never failed");
  });
});

describe("a run's report links to the history", () => {
  it("with run --history-link URL (the option's value as the link), and has no link without it", () => {
    const r = days[0]!;
    expect(renderHtml(r, { history: "../history.html" })).toContain('<a href="../history.html">history of this target</a>');
    expect(renderHtml(r)).not.toContain("history of this target");
  });
});

describe("compare --history: the CLI", () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) } };
  };

  it("writes history.html and history.json beside the runs, each run linked to its own report", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-history-"));
    days.forEach((r, i) => {
      mkdirSync(join(dir, `day${i}`));
      writeFileSync(join(dir, `day${i}`, "results.json"), JSON.stringify(r));
      writeFileSync(join(dir, `day${i}`, "index.html"), "<!doctype html>");
    });
    const o = io();
    expect(await main(["compare", "--history", dir], o.io)).toBe(0);
    expect(o.out.join("")).toContain("History of");
    const h = HistorySchema.parse(JSON.parse(readFileSync(join(dir, "history.json"), "utf8")));
    expect(h.runs.map((r) => [r.label, r.report])).toEqual([
      ["day1/results.json", "day1/index.html"],
      ["day3/results.json", "day3/index.html"],
      ["day0/results.json", "day0/index.html"],
      ["day2/results.json", "day2/index.html"],
    ]);
    expect(readFileSync(join(dir, "history.html"), "utf8")).toContain('<a href="day1/index.html">day1/results.json</a>');
    // A second pass reads the same runs: what it wrote there is not taken for one.
    expect(await main(["compare", "--history", dir, "--json"], o.io)).toBe(0);
  });

  it("exits 2 with one line on no results, a file that is not a results document, runs of different targets", async () => {
    const o = io();
    const empty = mkdtempSync(join(tmpdir(), "cc-history-"));
    expect(await main(["compare", "--history", empty], o.io)).toBe(2);
    expect(o.err.at(-1)).toMatch(/^chat-conformance: compare --history .*: no results\.json there/);

    const missing = join(empty, "nope");
    expect(await main(["compare", "--history", missing], o.io)).toBe(2);
    expect(o.err.at(-1)).toContain("no such folder");

    const bad = mkdtempSync(join(tmpdir(), "cc-history-"));
    writeFileSync(join(bad, "a.json"), JSON.stringify(days[0]));
    writeFileSync(join(bad, "b.json"), JSON.stringify({ schemaVersion: 2 }));
    expect(await main(["compare", "--history", bad], o.io)).toBe(2);
    expect(o.err.at(-1)).toMatch(/^chat-conformance: compare --history .*b\.json: tool: /);

    const mixed = mkdtempSync(join(tmpdir(), "cc-history-"));
    const elsewhere = results([tr({ id: "x", status: "pass" })], {
      target: { kind: "url", url: "https://chat.example.org", featureLevel: 250, release: "9.x", product: "zulip", notes: [], faults: [] },
    });
    writeFileSync(join(mixed, "a.json"), JSON.stringify(days[0]));
    writeFileSync(join(mixed, "b.json"), JSON.stringify(elsewhere));
    expect(await main(["compare", "--history", mixed], o.io)).toBe(2);
    expect(o.err.at(-1)).toMatch(/different targets: a\.json tested chat reference, b\.json tested zulip https:\/\/chat\.example\.org/);

    expect(await main(["compare", "--history", mixed, join(mixed, "a.json")], o.io)).toBe(2);
    expect(o.err.at(-1)).toContain("takes no files as well");
    for (const line of o.err) expect(line.trimEnd().split("\n")).toHaveLength(1);
  });
});
