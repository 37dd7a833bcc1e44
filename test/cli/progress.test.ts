import { describe, expect, it } from "vitest";
import type { TestCase, TestModule, TestSpecification } from "vitest/node";
import { ProgressReporter } from "../../src/cli/progress.ts";

/** A stream that keeps what was written, as a terminal or as a pipe. */
function stream(isTTY: boolean, columns?: number) {
  const writes: string[] = [];
  return { writes, isTTY, ...(columns !== undefined ? { columns } : {}), write: (s: string) => writes.push(s) };
}

interface FakeTest {
  id: string;
  status?: string;
  state?: string;
}

// The reporter reads a few members of vitest's TestCase and TestModule; these fakes have just those, and the casts
// say so (building real ones needs a running vitest).
const testCase = (t: FakeTest) =>
  ({
    id: t.id,
    meta: () => (t.status !== undefined ? { conformance: { status: t.status } } : {}),
    result: () => ({ state: t.state ?? "passed" }),
  }) as unknown as TestCase;
const testModule = (moduleId: string, tests: FakeTest[]) =>
  ({ moduleId, children: { allTests: () => tests.map(testCase)[Symbol.iterator]() } }) as unknown as TestModule;
const specs = (...ids: string[]) => ids.map((moduleId) => ({ moduleId })) as unknown as TestSpecification[];

/** Eight tests in two modules: one fails, one is blocked, one n/a, the rest pass. */
const A: FakeTest[] = [
  { id: "a1", status: "pass" },
  { id: "a2", status: "fail" },
  { id: "a3", status: "pass" },
  { id: "a4", status: "n/a" },
];
const B: FakeTest[] = [
  { id: "b1", status: "pass" },
  { id: "b2", status: "blocked" },
  { id: "b3", status: "pass" },
  { id: "b4", status: "pass" },
];

function drive(r: ProgressReporter, clock: { t: number }) {
  r.onTestRunStart(specs("a", "b"));
  r.onTestModuleCollected(testModule("a", A));
  for (const t of A) {
    clock.t += 1000;
    r.onTestCaseResult(testCase(t));
  }
  r.onTestModuleCollected(testModule("b", B));
  for (const t of B) {
    clock.t += 1000;
    r.onTestCaseResult(testCase(t));
  }
  r.onTestRunEnd();
}

describe("the progress line", () => {
  it("without a terminal: plain lines at each quarter (and every ~10 s), no carriage return, no escape codes", () => {
    const out = stream(false);
    const clock = { t: 1_000_000 };
    const r = new ProgressReporter(out, { now: () => clock.t, tickMs: 0 });
    drive(r, clock);
    r.finish();
    const text = out.writes.join("");
    expect(text).not.toMatch(/[\r\x1b]/);
    expect(out.writes.every((w) => w.endsWith("\n"))).toBe(true);
    // While module b is uncollected the total is a lower bound ("4+") and quarters are not judged; lines then come
    // every 10 s at most, so four results in 4 s print none. Once b is collected, 4/8 is past two quarters, 6/8
    // crosses the third, 8/8 the last.
    expect(text).toBe("  4/8 tests · 1 problem · 4.0 s\n  6/8 tests · 2 problems · 6.0 s\n  8/8 tests · 2 problems · 8.0 s\n");
  });

  it("without a terminal and without progress, a line every 10 s still shows it is alive", () => {
    const out = stream(false);
    const clock = { t: 0 };
    const r = new ProgressReporter(out, { now: () => clock.t, tickMs: 0 });
    r.onTestRunStart(specs("a", "b"));
    r.onTestModuleCollected(testModule("a", A));
    clock.t = 10_500;
    r.onTestCaseResult(testCase(A[0]!));
    expect(out.writes).toEqual(["  1/4+ tests · 0 problems · 10.5 s\n"]);
  });

  it("on a terminal: one line redrawn in place, blanked at the end", () => {
    const out = stream(true, 80);
    const clock = { t: 0 };
    const r = new ProgressReporter(out, { now: () => clock.t, tickMs: 0 });
    drive(r, clock);
    expect(out.writes.length).toBeGreaterThan(8);
    expect(out.writes.every((w) => w.startsWith("\r") && !w.includes("\n") && !w.includes("\x1b"))).toBe(true);
    // "1 problem" is a letter shorter than the "0 problems" it replaces: a space covers the stale "s".
    expect(out.writes).toContain("\r  2/4+ tests · 1 problem · 2.0 s ");
    expect(out.writes.at(-1)).toBe("\r  8/8 tests · 2 problems · 8.0 s");
    r.finish();
    expect(out.writes.at(-1)).toBe(`\r${" ".repeat("  8/8 tests · 2 problems · 8.0 s".length)}\r`);
  });

  it("on a terminal, a shorter line blanks what the longer one left", () => {
    const out = stream(true);
    const r = new ProgressReporter(out, { now: () => 0, tickMs: 0 });
    r.onTestRunStart(specs("a"));
    r.onTestModuleCollected(testModule("a", A));
    r.onTestRunStart(specs("b"));
    r.onTestModuleCollected(testModule("b", B));
    expect(out.writes.slice(-2)).toEqual(["\r  0/4+ tests · 0 problems · 0 ms", "\r  0/8 tests · 0 problems · 0 ms "]);
  });

  it("on a narrow terminal, the line is cut short of the last column, so it never wraps", () => {
    const out = stream(true, 20);
    const r = new ProgressReporter(out, { now: () => 0, tickMs: 0 });
    r.onTestRunStart(specs("a"));
    expect(out.writes).toEqual(["\r  0/0+ tests · 0 pr"]);
  });

  it("a test without conformance meta that failed is a problem; a module's end settles the tests not reported", () => {
    const out = stream(true);
    const r = new ProgressReporter(out, { now: () => 0, tickMs: 0 });
    r.onTestRunStart(specs("c"));
    const C: FakeTest[] = [
      { id: "c1", state: "failed" },
      { id: "c2", state: "skipped" },
      { id: "c3", status: "unexpected-pass" },
    ];
    r.onTestModuleCollected(testModule("c", C));
    r.onTestCaseResult(testCase(C[0]!));
    r.onTestModuleEnd(testModule("c", C));
    expect(r.line()).toBe("  3/3 tests · 2 problems · 0 ms");
  });

  it("counts a second pass's modules on top of the first's", () => {
    const r = new ProgressReporter(stream(false), { now: () => 0, tickMs: 0 });
    r.onTestRunStart(specs("a"));
    r.onTestModuleCollected(testModule("a", A));
    for (const t of A) r.onTestCaseResult(testCase(t));
    r.onTestRunEnd();
    expect(r.line()).toBe("  4/4 tests · 1 problem · 0 ms");
    r.onTestRunStart(specs("b"));
    expect(r.line()).toBe("  4/4+ tests · 1 problem · 0 ms");
    r.onTestModuleCollected(testModule("b", B));
    expect(r.line()).toBe("  4/8 tests · 1 problem · 0 ms");
  });
});
