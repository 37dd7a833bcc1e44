import type { Reporter, TestCase, TestModule, TestSpecification } from "vitest/node";
import { fmtDuration } from "../report/format.ts";
import { isProblem } from "../results/tally.ts";
import type { Terminal } from "./colour.ts";

export interface ProgressOptions {
  /** The clock (tests drive it by hand). */
  now?: () => number;
  /** How often the line refreshes by itself, so the time moves during a slow test; 0 for never (tests). */
  tickMs?: number;
  /** Without a terminal, a line at least this often (and at each quarter of the tests). */
  plainEveryMs?: number;
}

/**
 * `run`'s progress on stderr, "  312/661 tests · 2 problems · 14.2 s": on a terminal one line redrawn in place (a
 * carriage return, and spaces over what the last drawing left; no escape sequences, so NO_COLOR and dumb terminals
 * are fine); elsewhere (a CI log) a plain line every ~10 s and at each quarter of the tests, never a "\r".
 *
 * The total is what vitest has collected so far: a module's tests are known only once it is collected (the suites
 * run in two groups, src/run/suites.ts, and the second is collected after the first has run), so while files are
 * still to be collected the total reads "661+" (at least). A problem is a test whose conformance status is fail,
 * error, blocked or unexpected-pass (an expectations file applies inside the worker, so the meta already says).
 */
export class ProgressReporter implements Reporter {
  private readonly now: () => number;
  private readonly tickMs: number;
  private readonly plainEveryMs: number;
  private readonly tty: boolean;
  private startedAt: number | undefined;
  /** Test id → whether it is a problem, for every finished test. */
  private readonly finished = new Map<string, boolean>();
  /** Tests collected, by module (a module collected again in the second pass replaces its count). */
  private readonly collected = new Map<string, number>();
  /** Modules queued in this pass whose tests are not collected yet. */
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Length of the line on screen (terminal), to blank what a shorter redraw leaves. */
  private drawn = 0;
  /** When the last plain line went out (the start, before the first), and how many tests were done then. */
  private lastPlainAt = 0;
  private lastPlainDone = 0;

  constructor(
    private readonly stream: Terminal,
    o: ProgressOptions = {},
  ) {
    this.now = o.now ?? Date.now;
    this.tickMs = o.tickMs ?? 1000;
    this.plainEveryMs = o.plainEveryMs ?? 10_000;
    this.tty = stream.isTTY === true;
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    if (this.startedAt === undefined) this.startedAt = this.lastPlainAt = this.now();
    for (const s of specifications) this.pending.add(s.moduleId);
    if (this.tickMs > 0 && this.timer === undefined) {
      this.timer = setInterval(() => this.update(), this.tickMs);
      this.timer.unref();
    }
    this.update();
  }

  onTestModuleCollected(module: TestModule): void {
    this.pending.delete(module.moduleId);
    this.collected.set(module.moduleId, [...module.children.allTests()].length);
    this.update();
  }

  onTestCaseResult(test: TestCase): void {
    this.settle(test);
    this.update();
  }

  /** A module that ended settles every test in it, including any vitest never reported one by one. */
  onTestModuleEnd(module: TestModule): void {
    this.pending.delete(module.moduleId);
    for (const test of module.children.allTests()) if (!this.finished.has(test.id)) this.settle(test);
    this.update();
  }

  onTestRunEnd(): void {
    this.pending.clear();
    this.update();
  }

  /** The run is over: stop the clock, and leave the terminal's line blank for the summary. */
  finish(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (this.tty && this.drawn > 0) this.stream.write(`\r${" ".repeat(this.drawn)}\r`);
    this.drawn = 0;
  }

  /** The progress as one line, without a line end. */
  line(): string {
    const done = this.finished.size;
    const total = Math.max(
      done,
      [...this.collected.values()].reduce((a, b) => a + b, 0),
    );
    const problems = [...this.finished.values()].filter(Boolean).length;
    const elapsed = this.startedAt === undefined ? 0 : this.now() - this.startedAt;
    return `  ${done}/${total}${this.pending.size > 0 ? "+" : ""} tests · ${problems} problem${problems === 1 ? "" : "s"} · ${fmtDuration(elapsed)}`;
  }

  private settle(test: TestCase): void {
    const status = test.meta().conformance?.status;
    // A test without conformance meta died before recording one: the collector reports it as an error.
    const problem = status !== undefined ? isProblem(status) : test.result().state === "failed";
    this.finished.set(test.id, problem);
  }

  private update(): void {
    if (this.startedAt === undefined) return;
    if (this.tty) this.redraw();
    else this.maybePrint();
  }

  private redraw(): void {
    let text = this.line();
    // Wider than the terminal would wrap, and "\r" returns only to the start of the last row.
    const width = this.stream.columns;
    if (width !== undefined && width > 1 && text.length >= width) text = text.slice(0, width - 1);
    this.stream.write(`\r${text}${" ".repeat(Math.max(0, this.drawn - text.length))}`);
    this.drawn = text.length;
  }

  private maybePrint(): void {
    const done = this.finished.size;
    const total = [...this.collected.values()].reduce((a, b) => a + b, 0);
    const quarter = (n: number) => (total > 0 && this.pending.size === 0 ? Math.floor((4 * n) / total) : 0);
    const now = this.now();
    const crossed = quarter(done) > quarter(this.lastPlainDone);
    if (!crossed && now - this.lastPlainAt < this.plainEveryMs) return;
    this.stream.write(`${this.line()}\n`);
    this.lastPlainAt = now;
    this.lastPlainDone = done;
  }
}
