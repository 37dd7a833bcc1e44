import { expect, it } from "vitest";
import { isProblem } from "../../src/results/tally.ts";
import { recordRun } from "./recorder.ts";

/**
 * The zulip-suite project's test of one level: the whole suite against `serve --product zulip` at `level`, with the
 * differences table's expected failures for that level, is green with exactly those (a listed test that passes is
 * as much a failure as an unlisted one failing), and every event and 200 body it got is what Zulip 10.2's own
 * models and description allow at that level, but for what the table covers.
 */
export function checkLevel(level: number): void {
  it(`FL${level}: the suite meets exactly the table's expected failures, and every answer is Zulip 10.2's but for the table's rows`, async () => {
    const r = await recordRun(level);
    const problems = r.results.tests
      .filter((t) => isProblem(t.status))
      .map((t) => `${t.status} ${t.id}: ${(t.message ?? "").split("\n").slice(0, 3).join(" / ").slice(0, 400)}`);
    const answers = r.findings.map((f) => `${f.count}× ${f.subject} ${f.object} ${f.key}: ${f.kind}, ${f.example}`);
    console.log(
      `FL${level}: ${r.results.tests.length} tests in ${r.seconds.toFixed(0)} s (${r.results.tests.filter((t) => t.status === "expected-fail").length} expected failures); ${r.counts.bodies} bodies and ${r.counts.events} events checked, ${[...r.covered.values()].reduce((a, b) => a + b, 0)} problems covered by ${r.covered.size} rows`,
    );
    expect(problems, `the run's problems at FL${level} (each needs Zulip's behaviour mended, or a row of src/product/zulip-differences.ts)`).toEqual([]);
    expect(answers, `answers unlike Zulip 10.2's at FL${level}, which no row of src/product/zulip-differences.ts covers`).toEqual([]);
    expect(r.exitCode, "the run's exit code").toBe(0);
    expect(r.counts.events, "events recorded (the recorder saw the queues)").toBeGreaterThan(1000);
  });
}
