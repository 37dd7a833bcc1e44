import type { Results, TestResult } from "../results/schema.ts";
import { firstLine, fmtDuration } from "./format.ts";
import { STATUSES, byLevel, isProblem, pct } from "../results/tally.ts";
import { throttleLines } from "./throttle-lines.ts";
import { propertyCaseLine } from "../results/property-case.ts";
import { remedyGroups } from "./remedies.ts";
import { firstFailureLevel, testedWords, verdictOf, type Verdict } from "../results/verdict.ts";

/** The plain-text summary the CLI prints after a run (where the reports went is the CLI's to say). */

const MAX_LISTED = 10;

/** Strips control characters so that nothing the server sent can drive the terminal. */
function clean(s: string): string {
  return s.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, "");
}

/** The verdict as the Result line has always said it (the CLI colours these words), new verdicts in capitals. */
function resultWord(v: Verdict, session: boolean): string {
  if (session) return v.word.toUpperCase();
  return v.state === "red" ? "NOT CONFORMING" : v.state === "green" ? "CONFORMING" : v.state === "amber" ? "CONFORMING with warnings" : v.word.toUpperCase();
}

/** The tests not verifiable here, grouped by what would make them runnable: the user's to-do list. */
function unverifiableLines(tests: readonly TestResult[]): string[] {
  const groups = remedyGroups(tests);
  if (!groups.length) return [];
  const n = groups.reduce((a, g) => a + g.tests.length, 0);
  const lines = ["", `Not verifiable on this target (${n} test${n === 1 ? "" : "s"}); to make them runnable:`];
  for (const { remedy, tests: inGroup } of groups) {
    const list = inGroup.map((x) => x.test);
    lines.push(clean(`  ${remedy}`));
    const shown = list.slice(0, 3).map((x) => x.clauses[0] ?? x.id);
    lines.push(
      clean(
        `      ${list.length} test${list.length === 1 ? "" : "s"}: ${shown.join(", ")}${list.length > shown.length ? `, … (${list.length - shown.length} more)` : ""}`,
      ),
    );
  }
  return lines;
}

export function renderSummary(results: Results): string {
  const t = results.target;
  const s = results.summary;
  const c = results.coverage;
  const lines: string[] = [];

  const extra = [t.release ? `release ${t.release}` : "release unknown", t.product];
  if (t.faults.length) extra.push(`faults: ${t.faults.join(", ")}`);
  lines.push(clean(`Target:   ${t.kind} ${t.url} at FL ${t.featureLevel} (${extra.join("; ")})`));
  for (const n of t.notes) lines.push(clean(`          note: ${n}`));

  const verdict = verdictOf(results);
  const f = results.firstFailure;
  const at = firstFailureLevel(results);
  const first = f ? `; first failure${at === undefined ? "" : ` at FL ${at}`}: ${f.clause}` : "";
  lines.push(clean(`Verified: ${verdict.verified}${first}`));
  if (results.partial) {
    lines.push("Scope:    partial run");
    for (const r of results.partial.reasons) lines.push(clean(`          ${r}`));
  }

  lines.push(
    `Result:   ${resultWord(verdict, results.session !== undefined)} (${s.mustProblems} must-clause problem${s.mustProblems === 1 ? "" : "s"}${results.strict ? " counting unverifiable tests (strict)" : ""}, ${s.shouldFailures} should-clause failure${s.shouldFailures === 1 ? "" : "s"})`,
  );

  const counts = STATUSES.filter((st) => (s.byStatus[st] ?? 0) > 0 || st === "pass" || st === "fail")
    .map((st) => `${st} ${s.byStatus[st] ?? 0}/${s.total}`)
    .join(", ");
  lines.push(`Tests:    ${s.total} in ${fmtDuration(results.durationMs)}: ${counts}`);
  // The client judge's rows are client clauses, which the catalog's coverage does not count.
  if (results.session !== "client-judge")
    lines.push(
      `Coverage: ${c.tested}/${c.testable} testable clauses that apply at FL ${t.featureLevel} ${testedWords(results)} (${pct(c.tested, c.testable)}); ${c.untestable} untestable`,
    );
  // What the tests made and could not remove stays on the server for every later run: one line, the list is in results.json.
  const left = results.leftovers ?? [];
  if (left.length)
    lines.push(
      clean(
        `Leftovers: ${left.length} thing${left.length === 1 ? "" : "s"} the tests made could not be removed (results.json "leftovers"); first: ${firstLine(`${left[0]!.what} [${left[0]!.test}]`, 160)}`,
      ),
    );
  // Time the target's rate limits cost, and a run they stopped: said where the verdict is read.
  lines.push(...throttleLines(results.throttle).map(clean));
  lines.push(...unverifiableLines(results.tests));

  const problems = results.tests.filter((x) => isProblem(x.status)).sort(byLevel);
  if (problems.length) {
    lines.push("", `Problems (${problems.length}${problems.length > MAX_LISTED ? `, first ${MAX_LISTED} by level` : ""}):`);
    const width = Math.max(...problems.slice(0, MAX_LISTED).map((x) => x.status.length));
    for (const x of problems.slice(0, MAX_LISTED)) {
      lines.push(clean(`  ${x.status.toUpperCase().padEnd(width)}  FL ${x.level}  ${x.clauses[0] ?? ""}  ${x.title}`));
      const msg = firstLine(x.message, 200);
      if (msg) lines.push(clean(`  ${"".padEnd(width)}  ${msg}`));
      // A property's case is on the message's last line: the summary shows it too, so that a log can replay it.
      if (x.property) lines.push(clean(`  ${"".padEnd(width)}  ${firstLine(propertyCaseLine(x.property), 300)}`));
    }
    if (problems.length > MAX_LISTED) lines.push(`  … and ${problems.length - MAX_LISTED} more (see the HTML or JUnit report)`);
  }
  return `${lines.join("\n")}\n`;
}
