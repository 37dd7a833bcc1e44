import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { main } from "../../src/cli/main.ts";
import { parseOptions } from "../../src/cli/options.ts";
import { commandSpec } from "../../src/cli/specs/index.ts";
import { compareSweeps } from "../../src/results/sweep-compare.ts";
import { SweepResultsSchema, type SweepProblem, type SweepResults } from "../../src/results/sweep-schema.ts";

interface Step {
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  strategy?: { matrix: { shard: number[] } };
  steps: Step[];
}

const workflow = parse(readFileSync(new URL("../../docs/ci-sweep.yml", import.meta.url), "utf8")) as { jobs: Record<string, Job> };

/** The chat-conformance command lines of a job, with the matrix's expressions as the first shard of them sees them. */
function commands(job: Job): string[][] {
  const total = String(workflow.jobs.shard!.strategy!.matrix.shard.length);
  return job.steps.flatMap((s) =>
    (s.run ?? "")
      .split("\n")
      .filter((line) => line.includes("npx chat-conformance"))
      .map((line) =>
        line
          .replaceAll("${{ matrix.shard }}", "1")
          .replaceAll("${{ strategy.job-total }}", total)
          .split(/\s+(?:\|\||&&|;)\s+/)[0]!
          .trim()
          .split(/\s+/)
          .slice(2),
      ),
  );
}

describe("docs/ci-sweep.yml: the sweep on a matrix of shards, merged, failing on a regression", () => {
  const { shard, merge } = workflow.jobs;

  it("every command it runs is a chat-conformance command with options that command's table accepts", () => {
    const all = [...commands(shard!), ...commands(merge!)];
    expect(all.map((argv) => argv[0])).toEqual(["sweep", "merge", "compare"]);
    for (const [name, ...argv] of all) {
      const spec = commandSpec(name!);
      expect(spec, `chat-conformance ${name} is no command`).toBeDefined();
      expect(() => parseOptions(spec!, argv), `chat-conformance ${name} ${argv.join(" ")}`).not.toThrow();
    }
  });

  it("each shard runs its part K of N of the sweep and uploads its --out folder; the merge job waits for all of them", () => {
    expect(shard!.strategy!.matrix.shard.length).toBeGreaterThan(1);
    const [sweep] = commands(shard!);
    expect(sweep).toEqual(["sweep", "--shard", `1/${shard!.strategy!.matrix.shard.length}`, "--out", "shards/1"]);
    const upload = shard!.steps.find((s) => s.uses?.startsWith("actions/upload-artifact@"));
    expect(upload?.with?.path).toBe("shards/${{ matrix.shard }}");
    expect(merge!.needs).toBe("shard");
  });

  it("the merge job merges every shard's artifact into one report, and compares it with the last run's", () => {
    const download = merge!.steps.find((s) => s.uses?.startsWith("actions/download-artifact@") && s.with?.pattern);
    expect(download?.with).toMatchObject({ pattern: "sweep-shard-*", path: "shards" });
    const [m, c] = commands(merge!);
    expect(m).toEqual(["merge", "shards/sweep-shard-*", "--out", "reports/sweep"]);
    expect(c).toEqual(["compare", "last/sweep.json", "reports/sweep/sweep.json", "--fail-on-regression"]);
    const last = merge!.steps.find((s) => s.uses?.startsWith("actions/download-artifact@") && s.with?.["run-id"]);
    expect(last?.with).toMatchObject({ name: "sweep-report", path: "last" });
    const uploaded = merge!.steps.find((s) => s.uses?.startsWith("actions/upload-artifact@"));
    expect(uploaded?.with).toMatchObject({ name: "sweep-report", path: "reports/sweep" });
  });
});

/** A sweep over FL 200–202 whose problems are the given ones. */
function sweep(problems: Pick<SweepProblem, "id" | "levels">[], over: Partial<SweepResults> = {}): SweepResults {
  return SweepResultsSchema.parse({
    schemaVersion: 1,
    tool: { name: "chat-conformance", version: "0.1.0" },
    startedAt: "2026-12-01T00:00:00.000Z",
    wallMs: 1000,
    workers: 2,
    from: 200,
    to: 202,
    filter: null,
    faults: [],
    counts: { pass: 10, fail: 0, "n/a": 0, skipped: 0, blocked: 0, error: 0, unverifiable: 0, "expected-fail": 0, "unexpected-pass": 0 },
    problems: problems.map((p) => ({ ...p, title: p.id, file: "suites/x.test.ts", clause: `fl200.messages.${p.id}`, area: "messages", status: "fail" })),
    greenLevels: 3 - new Set(problems.flatMap((p) => p.levels)).size,
    redLevels: [...new Set(problems.flatMap((p) => p.levels))].sort(),
    areas: ["messages"],
    levels: [],
    moduleErrors: [],
    ...over,
  });
}

describe("compare of two sweeps (the merge job's regression check)", () => {
  const base = sweep([{ id: "a", levels: [200, 201] }]);
  const later = sweep([
    { id: "a", levels: [201, 202] },
    { id: "b", levels: [200] },
  ]);

  it("a regression is a test that is a problem at a level where the base had it not; a problem gone is fixed", () => {
    const c = compareSweeps(base, later);
    expect(c.regressions.map((r) => [r.test, r.levels])).toEqual([
      ["a", [202]],
      ["b", [200]],
    ]);
    expect(c.fixed.map((r) => [r.test, r.levels])).toEqual([["a", [200]]]);
    expect(compareSweeps(base, base)).toEqual({ regressions: [], fixed: [] });
  });

  it("the CLI exits 1 on a regression with --fail-on-regression, 0 without one, 2 for sweeps of different ranges", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-sweep-compare-"));
    const put = (name: string, s: SweepResults) => {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, "sweep.json"), JSON.stringify(s));
      return join(dir, name, "sweep.json");
    };
    const [b, l, other] = [put("base", base), put("later", later), put("other", sweep([], { to: 210 }))];
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s) };
    expect(await main(["compare", b, l, "--fail-on-regression"], io)).toBe(1);
    expect(out.at(-1)).toContain("Regressions against the base sweep (2):\n  FAIL at FL 202  fl200.messages.a  a");
    expect(await main(["compare", l, b, "--fail-on-regression"], io)).toBe(1);
    expect(await main(["compare", b, b, "--fail-on-regression"], io)).toBe(0);
    expect(await main(["compare", b, other], io)).toBe(2);
    expect(err.at(-1)).toMatch(/^chat-conformance: compare: the sweeps are not of the same levels/);
    expect(await main(["compare", b, l, "--out", join(dir, "cmp")], io)).toBe(2);
  });
});
