import { existsSync, readFileSync } from "node:fs";
import type { Catalog } from "../../catalog/catalog.ts";
import { eventCoverage, type Watched } from "../../expect/state/coverage.ts";
import { eventCoverageLine } from "../../report/event-coverage-line.ts";
import { ResultsSchema } from "../../results/schema.ts";
import { SweepResultsSchema } from "../../results/sweep-schema.ts";

/** Where `list --events` looks for a run when no --results is given. */
const LATEST = "reports/latest/results.json";

/**
 * `list --events`: the event coverage of the state invariant, as results.json's `eventCoverage` has it, over the
 * runs given (each results.json is one level, a sweep.json many; several make the "verified at" column span
 * levels). Without a run, the model alone: reducer yes/no, exercised no.
 */
export function printEvents(cat: Catalog, files: readonly string[], json: boolean, io: { out: (s: string) => void; err: (s: string) => void }): number {
  const paths = files.length ? files : existsSync(LATEST) ? [LATEST] : [];
  const watched: Watched[] = [];
  const swept = new Map<string, { exercised: boolean; verifiedAt: number[] }>();
  for (const p of paths) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(p, "utf8"));
    } catch (e) {
      io.err(`list: --results ${p}: ${(e as Error).message.split("\n")[0]}`);
      return 2;
    }
    const run = ResultsSchema.safeParse(raw);
    const sweep = run.success ? undefined : SweepResultsSchema.safeParse(raw);
    if (run.success) for (const t of run.data.tests) watched.push({ level: run.data.target.featureLevel, ...(t.invariant ? { invariant: t.invariant } : {}) });
    else if (sweep?.success) {
      for (const r of sweep.data.eventCoverage ?? []) {
        const had = swept.get(r.event) ?? { exercised: false, verifiedAt: [] };
        swept.set(r.event, { exercised: had.exercised || r.exercised, verifiedAt: [...new Set([...had.verifiedAt, ...r.verifiedAt])].sort((a, b) => a - b) });
      }
    } else {
      io.err(`list: --results ${p}: neither a results.json nor a sweep.json (${run.error.issues[0]?.message ?? "invalid"})`);
      return 2;
    }
  }
  const rows = eventCoverage(cat, watched).map((r) => {
    const s = swept.get(r.event);
    return s ? { ...r, exercised: r.exercised || s.exercised, verifiedAt: [...new Set([...r.verifiedAt, ...s.verifiedAt])].sort((a, b) => a - b) } : r;
  });
  if (json) {
    io.out(JSON.stringify(rows, null, 2));
    return 0;
  }
  const width = Math.max(...rows.map((r) => r.event.length));
  for (const r of rows) {
    const levels = r.verifiedAt.length ? `verified at FL ${r.verifiedAt.join(", ")}` : "not verified";
    io.out(
      `${r.event.padEnd(width)}  reducer ${r.reducer ? "yes" : "NO "}  exercised ${r.exercised ? "yes" : "no "}  ${levels}  ${r.sections.length ? `[${r.sections.join(", ")}]` : "[no register state]"}`,
    );
  }
  io.out(`${eventCoverageLine(rows)}${paths.length ? ` (runs: ${paths.join(", ")})` : " (no run given: --results FILE)"}`);
  return 0;
}
