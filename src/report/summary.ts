import type { Results } from "./schema.ts";
import { STATUSES, byLevel, firstLine, fmtDuration, isProblem, pct } from "./format.ts";

/** The plain-text summary the CLI prints after a run (where the reports went is the CLI's to say). */

const MAX_LISTED = 10;

/** Strips control characters so that nothing the server sent can drive the terminal. */
function clean(s: string): string {
  return s.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, "");
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

  const verified = results.verifiedLevel === null ? "no level verified" : `conforms through FL ${results.verifiedLevel}`;
  const first = results.firstFailure ? `; first failure at FL ${results.firstFailure.level}: ${results.firstFailure.clause}` : "";
  lines.push(clean(`Verified: ${verified}${first}`));

  const verdict = s.mustProblems > 0 ? "NOT CONFORMING" : s.shouldFailures > 0 ? "CONFORMING with warnings" : "CONFORMING";
  lines.push(
    `Result:   ${verdict} (${s.mustProblems} must-clause problem${s.mustProblems === 1 ? "" : "s"}, ${s.shouldFailures} should-clause failure${s.shouldFailures === 1 ? "" : "s"})`,
  );

  const counts = STATUSES.filter((st) => (s.byStatus[st] ?? 0) > 0 || st === "pass" || st === "fail")
    .map((st) => `${st} ${s.byStatus[st] ?? 0}/${s.total}`)
    .join(", ");
  lines.push(`Tests:    ${s.total} in ${fmtDuration(results.durationMs)}: ${counts}`);
  lines.push(`Coverage: ${c.tested}/${c.testable} testable clauses tested (${pct(c.tested, c.testable)}); ${c.untestable} untestable`);

  const problems = results.tests.filter((x) => isProblem(x.status)).sort(byLevel);
  if (problems.length) {
    lines.push("", `Problems (${problems.length}${problems.length > MAX_LISTED ? `, first ${MAX_LISTED} by level` : ""}):`);
    const width = Math.max(...problems.slice(0, MAX_LISTED).map((x) => x.status.length));
    for (const x of problems.slice(0, MAX_LISTED)) {
      lines.push(clean(`  ${x.status.toUpperCase().padEnd(width)}  FL ${x.level}  ${x.clauses[0] ?? ""}  ${x.title}`));
      const msg = firstLine(x.message, 200);
      if (msg) lines.push(clean(`  ${"".padEnd(width)}  ${msg}`));
    }
    if (problems.length > MAX_LISTED) lines.push(`  … and ${problems.length - MAX_LISTED} more (see the HTML or JUnit report)`);
  }
  return `${lines.join("\n")}\n`;
}
