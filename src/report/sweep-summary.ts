import type { SweepResults } from "../results/sweep-schema.ts";

/** "153–160, 200, 310–372": a sorted list of levels as ranges. */
export function levelRanges(levels: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < levels.length;) {
    let j = i;
    while (j + 1 < levels.length && levels[j + 1] === levels[j]! + 1) j++;
    out.push(i === j ? String(levels[i]) : `${levels[i]}–${levels[j]}`);
    i = j + 1;
  }
  return out.join(", ");
}

/** The sweep in a few lines, for the terminal. */
export function renderSweepSummary(r: SweepResults): string {
  const total = Object.values(r.counts).reduce((a, b) => a + b, 0);
  const lines = [
    `Sweep:    FL ${r.from}–${r.to} (${r.levels.length} levels) against reference servers, ${r.workers} worker${r.workers === 1 ? "" : "s"}${r.filter ? `; only ${r.filter.join(", ")}` : ""}${r.faults.length ? `; faults ${r.faults.join(", ")}` : ""}`,
    `Result:   ${r.redLevels.length === 0 && r.moduleErrors.length === 0 ? `GREEN at every level (${r.greenLevels}/${r.levels.length})` : r.redLevels.length === 0 ? `RED: ${r.moduleErrors.length} suite file load${r.moduleErrors.length === 1 ? "" : "s"} failed (listed below), so some levels ran without them` : `RED at ${r.redLevels.length} level${r.redLevels.length === 1 ? "" : "s"}: ${levelRanges(r.redLevels)}${r.moduleErrors.length ? `; ${r.moduleErrors.length} suite file loads failed (listed below)` : ""}`}`,
    `Tests:    ${total} test runs: pass ${r.counts.pass}, n/a ${r.counts["n/a"]}, problems ${r.problems.reduce((a, p) => a + p.levels.length, 0)}`,
    `Wall:     ${(r.wallMs / 1000).toFixed(1)} s`,
  ];
  for (const p of r.problems.slice(0, 20))
    lines.push(`  ${p.status.toUpperCase()} ${p.id} at FL ${levelRanges(p.levels)}: ${(p.message ?? "").split("\n")[0]!.slice(0, 160)}`);
  if (r.problems.length > 20) lines.push(`  … and ${r.problems.length - 20} more tests (sweep.json, sweep.html)`);
  return lines.join("\n");
}
