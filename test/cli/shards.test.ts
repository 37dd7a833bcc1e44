import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/report/html.ts";
import { renderSweepHtml } from "../../src/report/sweep-html.ts";
import { ResultsSchema, type Results } from "../../src/results/schema.ts";
import { SweepResultsSchema, type SweepResults } from "../../src/results/sweep-schema.ts";
import { committedDurations, durationsFromResults, fileWeight, fileWeights, parseShard, planShards, type DurationSource } from "../../src/run/shard.ts";
import { CLI } from "../support/cli-entry.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "cc-shards-"));

/** `chat-conformance ARGS` in a child process; its exit code and output. */
function cli(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const readRun = (dir: string): Results => ResultsSchema.parse(JSON.parse(readFileSync(join(dir, "results.json"), "utf8")));
const readSweep = (dir: string): SweepResults => SweepResultsSchema.parse(JSON.parse(readFileSync(join(dir, "sweep.json"), "utf8")));

/**
 * A run's results without what may differ between any two runs of the same suites, sharded or not (the README's
 * "Shards" section lists the same): dates and durations; the embedded server's address (each run starts its own
 * on a free port); what each test's state watcher saw (its invariant's reduced events and compared sections, and
 * the event coverage derived from them), which includes other tests' events on the shared server at that moment;
 * the throttle's counts of requests, which include each process's own; and each file's measured time (its files
 * are the same).
 */
function normalise(r: Results): Results {
  const n = JSON.parse(JSON.stringify(r).split(r.target.url).join("http://127.0.0.1:PORT")) as Results;
  n.startedAt = "(date)";
  n.durationMs = 0;
  n.fileMs = zeroTimes(n.fileMs);
  for (const t of n.tests) {
    t.durationMs = 0;
    for (const e of t.exchanges) if (e.durationMs !== undefined) e.durationMs = 0;
    if (t.invariant) t.invariant = { ...t.invariant, reduced: [], sections: [] };
  }
  n.eventCoverage = n.eventCoverage?.map((row) => ({ ...row, exercised: false, verifiedAt: [] }));
  if (n.throttle) {
    const personas = n.throttle.personas
      .map((p) => ({ ...p, requests: 0, waitedMs: 0, buckets: p.buckets.map((b) => ({ ...b, requests: 0, waitedMs: 0 })), topEndpoints: [] }))
      .sort((a, b) => `${a.organization} ${a.persona}`.localeCompare(`${b.organization} ${b.persona}`));
    n.throttle = { ...n.throttle, requests: 0, waitedMs: 0, personas };
  }
  return n;
}

/** Each file's time as 0: which files ran is the same, how long each took is not. */
const zeroTimes = (m: Record<string, number> | undefined) => m && Object.fromEntries(Object.keys(m).map((f) => [f, 0]));

/** A sweep's document without its date, wall time and files' times, the only fields that may differ for a sweep. */
const normaliseSweep = (s: SweepResults): SweepResults => ({ ...s, startedAt: "(date)", wallMs: 0, fileMs: zeroTimes(s.fileMs) });

// A handful of suite files, small enough for a test, with isolated ones (realm settings) among them.
const FILES = [
  "suites/realm/playgrounds.test.ts",
  "suites/users/alert-words.test.ts",
  "suites/messages/saved-snippets.test.ts",
  "suites/calls/calls.test.ts",
  "suites/realm/linkifiers.test.ts",
  "suites/messages/reactions.test.ts",
];
const FILTER = FILES.flatMap((f) => ["--filter", f]);

describe("shards: the split (run --shard K/N, sweep --shard K/N)", () => {
  it("parses K/N and refuses anything else with what is wanted", () => {
    expect(parseShard("2/3")).toEqual({ index: 2, count: 3 });
    expect(parseShard("0/3")).toMatch(/K must be from 1 to N/);
    expect(parseShard("4/3")).toMatch(/K must be from 1 to N/);
    expect(parseShard("2")).toMatch(/must be K\/N/);
  });

  it("packs the heaviest files first into the lightest part, the same way every time", () => {
    const d: DurationSource = { from: "test", files: { a: [[153, 50]], b: [[153, 40]], c: [[153, 30]], d: [[153, 20]], e: [[153, 10]] } };
    const plan = planShards(["e", "d", "c", "b", "a"], 2, d);
    // a → 1, b → 2, c → 2 (40 < 50), d → 1 (50 < 70), e → 1 (70 = 70: the lower part).
    expect(plan.shards).toEqual([
      { files: ["a", "d", "e"], weightMs: 80 },
      { files: ["b", "c"], weightMs: 70 },
    ]);
    expect(planShards(["a", "b", "c", "d", "e"], 2, d)).toEqual(plan);
    // A file the durations do not know counts as the mean of those they do.
    expect(planShards(["a", "new"], 2, d).shards.map((s) => s.weightMs)).toEqual([50, 30]);
  });

  it("reckons a sweep's file over the levels from its tests' own up", () => {
    expect(
      fileWeight(
        [
          [153, 10],
          [300, 100],
        ],
        { from: 299, to: 301 },
      ),
    ).toBe(10 * 3 + 100 * 2);
  });

  it("splits the whole suite, a run or a full sweep, by the committed table's measured file times into parts within 2% of the mean", () => {
    const table = committedDurations();
    const files = Object.keys(table.files);
    expect(Object.keys(table.runMs!).sort()).toEqual(files);
    expect(table.sweepMs).toMatchObject({ from: 153, to: 372 });
    for (const range of [undefined, { from: 153, to: 372 }])
      for (const n of [2, 4]) {
        const weights = planShards(files, n, table, range).shards.map((s) => s.weightMs);
        const mean = weights.reduce((a, b) => a + b, 0) / n;
        expect(Math.max(...weights) / mean, `${range ? "sweep" : "run"}, ${n} shards: ${weights.join(", ")} ms`).toBeLessThan(1.02);
        // The measured times are the weights: a full sweep's parts add up to the files' time in the sweep measured.
        if (range)
          expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(
            Object.values(table.sweepMs!.files).reduce((a, b) => a + b, 0),
            -1,
          );
      }
  });

  it("weighs a file by its measured time where there is one, else by its tests' reckoning in the same unit, else the mean", () => {
    // a and b measured: a's tests reckon 10 ms but the file took 100 (its hooks), b reckons 30 and took 60: measured
    // time is 160 for 40 reckoned, so c, known only by its tests' 20 ms, weighs 80; d, unknown, the mean of a, b, c.
    const d: DurationSource = { from: "test", files: { a: [[153, 10]], b: [[153, 30]], c: [[153, 20]] }, runMs: { a: 100, b: 60 } };
    expect(Object.fromEntries(fileWeights(["a", "b", "c", "d"], d))).toEqual({ a: 100, b: 60, c: 80, d: 80 });
    expect(planShards(["a", "b", "c"], 2, d).shards).toEqual([
      { files: ["a"], weightMs: 100 },
      { files: ["b", "c"], weightMs: 140 },
    ]);
    // A run's times do not weigh a sweep, nor a sweep's a run.
    expect(fileWeights(["a"], d, { from: 153, to: 154 }).get("a")).toBe(20);
  });

  it("scales a sweep's measured times to another range as the file's tests reckon it", () => {
    // Measured over FL 300–309 (10 levels): a's tests are of FL 300 and 305; over FL 305–309 they reckon 5 × 10 + 5 × 30
    // = 200 of the 10 × 10 + 5 × 30 = 250 of the measured range: 4/5 of the 500 ms measured.
    const d: DurationSource = {
      from: "test",
      files: {
        a: [
          [300, 10],
          [305, 30],
        ],
      },
      sweepMs: { from: 300, to: 309, files: { a: 500, b: 100 } },
    };
    expect(fileWeights(["a"], d, { from: 300, to: 309 }).get("a")).toBe(500);
    expect(fileWeights(["a"], d, { from: 305, to: 309 }).get("a")).toBe(400);
    // b has no tests' times to scale by: by the number of levels.
    expect(fileWeights(["b"], d, { from: 305, to: 309 }).get("b")).toBe(50);
  });

  it("reads --durations from a run's results.json or, for a sweep, a sweep.json with its files' times", () => {
    const write = (name: string, doc: unknown) => {
      const file = join(work, name);
      writeFileSync(file, JSON.stringify(doc));
      return file;
    };
    const run = write("run-durations.json", { tests: [{ file: "a", level: 153, durationMs: 5 }], fileMs: { a: 50 } });
    expect(durationsFromResults(run)).toMatchObject({ files: { a: [[153, 5]] }, runMs: { a: 50 } });
    const sweep = write("sweep-durations.json", { from: 200, to: 210, levels: [], fileMs: { a: 70 } });
    expect(durationsFromResults(sweep, "sweep")).toMatchObject({ sweepMs: { from: 200, to: 210, files: { a: 70 } } });
    expect(durationsFromResults(sweep, "run")).toMatch(/a sweep's sweep\.json times files over many levels; give a run's results\.json/);
    const old = write("old-sweep.json", { from: 200, to: 210, levels: [] });
    expect(durationsFromResults(old, "sweep")).toMatch(/has no fileMs \(it was written by an older version\)/);
    expect(durationsFromResults(write("other.json", { x: 1 }))).toMatch(/not a results\.json or sweep\.json/);
  });
});

describe("--shard's bad input: one line and exit 2, before anything starts", () => {
  it.each([
    [["run", "--shard", "4/3"], /--shard 4\/3: K must be from 1 to N \(3\)/],
    [["run", "--shard", "1/2", "--filter", "suites/calls/calls.test.ts"], /--shard 1\/2: only 1 suite file to split \(of --filter\); give N up to 1/],
    [["run", "--durations", "x.json"], /--durations goes with --shard K\/N/],
    [["sweep", "--shard", "1/2", "--durations", "/nonexistent/results.json"], /--durations \/nonexistent\/results\.json: cannot read it as JSON \(ENOENT\)/],
    [["merge"], /merge needs the folders the shards wrote/],
  ])("%j", async (args, message) => {
    const r = await cli([...args, "--out", join(work, "unused")]);
    expect(r.code, r.output).toBe(2);
    expect(r.output).toMatch(message);
  });
});

describe("chat-conformance merge", () => {
  it("merges 3 shards of a run into the unsharded run's results.json, HTML, badge and exit code", async () => {
    const whole = join(work, "whole");
    const parts = [1, 2, 3].map((k) => join(work, `run-${k}`));
    const [w, ...shards] = await Promise.all([
      cli(["run", ...FILTER, "--out", whole]),
      ...parts.map((dir, i) => cli(["run", ...FILTER, "--shard", `${i + 1}/3`, "--out", dir])),
    ]);
    expect(w.code, w.output).toBe(0);
    shards.forEach((s) => expect(s.code, s.output).toBe(0));
    const recorded = parts.map((d) => readRun(d).shard!);
    expect(recorded.map((s) => [s.index, s.count])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    // The parts are disjoint and together the filter's files.
    expect(recorded.flatMap((s) => s.files).sort()).toEqual([...FILES].sort());
    expect(readRun(parts[0]!).partial!.reasons.join("\n")).toMatch(/in another shard than 1\/3/);

    const merged = join(work, "merged");
    const m = await cli(["merge", ...parts, "--out", merged]);
    expect(m.code, m.output).toBe(w.code);
    const got = readRun(merged);
    const want = readRun(whole);
    expect(got.shard).toBeUndefined();
    // Each file's time is measured in whichever shard ran it: the merge has every file of the run, once.
    expect(Object.keys(got.fileMs!)).toEqual([...FILES].sort());
    expect(Object.keys(want.fileMs!)).toEqual([...FILES].sort());
    expect(Object.values(got.fileMs!).every((ms) => ms > 0)).toBe(true);
    expect(JSON.stringify(normalise(got), null, 2)).toBe(JSON.stringify(normalise(want), null, 2));
    expect(renderHtml(normalise(got))).toBe(renderHtml(normalise(want)));
    expect(readFileSync(join(merged, "index.html"), "utf8")).toBe(renderHtml(got));
    expect(readFileSync(join(merged, "badge.json"), "utf8")).toBe(readFileSync(join(whole, "badge.json"), "utf8"));
    expect(got.verifiedLevel).toBe(want.verifiedLevel);

    // What merge refuses, each with exit 2 and the reason.
    const refused = async (args: string[], message: RegExp) => {
      const r = await cli(["merge", ...args, "--out", join(work, "refused")]);
      expect(r.code, `merge ${args.join(" ")}: ${r.output}`).toBe(2);
      expect(r.output).toMatch(message);
    };
    const empty = join(work, "empty");
    mkdirSync(empty, { recursive: true });
    await refused([parts[0]!, empty, parts[2]!], /empty: no results\.json or sweep\.json there/);
    await refused([parts[0]!, whole], /not a shard's results \(the run had no --shard K\/N\)/);
    await refused([parts[0]!, parts[1]!], /shard 3\/3 missing \(given: 1\/3, 2\/3\)/);
    await refused([parts[0]!, parts[1]!, parts[1]!, parts[2]!], /shard 2\/3 given twice/);
    const otherLevel = join(work, "other-level");
    cpSync(parts[2]!, otherLevel, { recursive: true });
    const doc = JSON.parse(readFileSync(join(otherLevel, "results.json"), "utf8"));
    doc.target.featureLevel = 300;
    writeFileSync(join(otherLevel, "results.json"), JSON.stringify(doc));
    await refused([parts[0]!, parts[1]!, otherLevel], /has feature level 300, .* 372: shards of different runs/);
    const otherVersion = join(work, "other-version");
    cpSync(parts[2]!, otherVersion, { recursive: true });
    doc.target.featureLevel = 372;
    doc.tool.version = "0.0.1";
    writeFileSync(join(otherVersion, "results.json"), JSON.stringify(doc));
    await refused([parts[0]!, parts[1]!, otherVersion], /has tool version "0\.0\.1"/);
  }, 300_000);

  it("merges 2 shards of a sweep over FL 200–202 into the unsharded sweep's sweep.json, HTML and exit code", async () => {
    const range = ["--from", "200", "--to", "202", "--workers", "1", ...FILTER.slice(0, 10)];
    const whole = join(work, "sweep-whole");
    const parts = [1, 2].map((k) => join(work, `sweep-${k}`));
    const [w, ...shards] = await Promise.all([
      cli(["sweep", ...range, "--out", whole]),
      ...parts.map((dir, i) => cli(["sweep", ...range, "--shard", `${i + 1}/2`, "--out", dir])),
    ]);
    expect(w.code, w.output).toBe(0);
    shards.forEach((s) => expect(s.code, s.output).toBe(0));
    expect(parts.map((d) => readSweep(d).shard!.index)).toEqual([1, 2]);
    const merged = join(work, "sweep-merged");
    const m = await cli(["merge", ...parts, "--out", merged]);
    expect(m.code, m.output).toBe(w.code);
    const got = readSweep(merged);
    const want = readSweep(whole);
    expect(Object.keys(got.fileMs!)).toEqual(Object.keys(want.fileMs!));
    expect(Object.keys(want.fileMs!)).toHaveLength(5);
    expect(JSON.stringify(normaliseSweep(got), null, 2)).toBe(JSON.stringify(normaliseSweep(want), null, 2));
    expect(renderSweepHtml(normaliseSweep(got))).toBe(renderSweepHtml(normaliseSweep(want)));
    expect(readFileSync(join(merged, "sweep.html"), "utf8")).toBe(renderSweepHtml(got));
    // A sweep's shards do not merge with a run's.
    const r = await cli(["merge", parts[0]!, join(work, "run-1"), "--out", join(work, "refused")]);
    expect(r.code, r.output).toBe(2);
    expect(r.output).toMatch(/cannot be merged together/);
  }, 300_000);
});
