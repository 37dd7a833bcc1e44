import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SweepResultsSchema } from "../../src/results/sweep-schema.ts";
import { levelRanges } from "../../src/report/sweep-summary.ts";
import { sweepChunks } from "../../src/run/sweep.ts";
import { CLI } from "../support/cli-entry.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

function sweep(args: string[]) {
  const out = mkdtempSync(join(tmpdir(), "cc-sweep-"));
  const r = spawnSync(process.execPath, [...CLI, "sweep", "--workers", "2", "--out", out, ...args], { encoding: "utf8", timeout: 180_000, cwd: ROOT });
  const read = () => SweepResultsSchema.parse(JSON.parse(readFileSync(join(out, "sweep.json"), "utf8")));
  return { code: r.status, out: r.stdout, err: r.stderr, read, html: () => readFileSync(join(out, "sweep.html"), "utf8") };
}

describe("chat-conformance sweep", () => {
  it("runs the suites at every level of the range, each against its own server, and is green on the reference server", () => {
    const r = sweep(["--from", "332", "--to", "335", "--filter", "suites/messages/empty-topic.test.ts"]);
    expect(r.code, r.err + r.out).toBe(0);
    const res = r.read();
    expect(res.levels.map((l) => l.level)).toEqual([332, 333, 334, 335]);
    expect(res.redLevels).toEqual([]);
    expect(res.greenLevels).toBe(4);
    // Every level ran the file's tests against a server of its own level: some pass at each, and which apply
    // changes at FL334, where the empty topic arrived.
    for (const l of res.levels) expect(l.counts.pass, `FL ${l.level}`).toBeGreaterThan(0);
    const at = (level: number) => res.levels.find((l) => l.level === level)!.counts;
    expect(at(333)).not.toEqual(at(334));
    expect(at(334)).toEqual(at(335));
    expect(res.areas).toContain("messages");
    expect(r.out).toMatch(/GREEN at every level \(4\/4\)/);
    expect(r.html()).toMatch(/Green at every level: 4 of 4/);
  });

  it("goes red exactly at the levels where a broken clause shows, naming the clause and the levels (exit 1)", () => {
    const r = sweep(["--from", "332", "--to", "335", "--filter", "messages/empty-topic", "--fault", "fl334.messages.empty-topic-send"]);
    expect(r.code, r.err + r.out).toBe(1);
    const res = r.read();
    expect(res.faults).toEqual(["fl334.messages.empty-topic-send"]);
    // The fault swaps the FL334 behaviour: servers below 334 accept the empty topic, those from 334 refuse it.
    const send = res.problems.filter((p) => p.clause === "fl334.messages.empty-topic-send");
    expect(send.flatMap((p) => p.levels).sort()).toEqual([332, 333, 334, 335]);
    expect(res.levels.find((l) => l.level === 334)!.areas.messages!.problems).toBeGreaterThan(0);
    expect(r.out).toMatch(/RED at 4 levels: 332–335/);
    expect(r.html()).toMatch(/href="#p-messages"/);
  });

  it("refuses a range it cannot run with one line and exit 2", () => {
    for (const [args, message] of [
      [["--from", "400"], /--from must be an integer from 153 to 372/],
      [["--from", "300", "--to", "200"], /--from 300 is above --to 200/],
      [["--workers", "0"], /--workers must be an integer from 1 to 64/],
      [["--fault", "no.such"], /unknown fault 'no.such'/],
      [["--filter", "no-such-suite"], /--filter no-such-suite: no suite file's path contains it/],
    ] as const) {
      const r = sweep([...args]);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
  });
});

describe("the sweep's groups of levels", () => {
  it("cover the range once, in order, in even groups", () => {
    const chunks = sweepChunks(153, 372);
    expect(chunks.flat()).toEqual(Array.from({ length: 220 }, (_, i) => 153 + i));
    const sizes = chunks.map((c) => c.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(sizes[0]!);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(16);
    expect(sweepChunks(200, 200)).toEqual([[200]]);
  });

  it("print level lists as ranges", () => {
    expect(levelRanges([153, 154, 155, 200, 310, 311])).toBe("153–155, 200, 310–311");
    expect(levelRanges([])).toBe("");
  });
});
