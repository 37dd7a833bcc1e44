import { catalog } from "../catalog/catalog.ts";
import { coverage } from "../catalog/coverage.ts";
import { VERSION } from "../layout.ts";
import { buildResults } from "../results/build.ts";
import { StatusSchema, type Results, type ResultStatus, type TestResult } from "../results/schema.ts";
import type { Observed } from "../client/observed.ts";
import { clientOfRow, isClientRow } from "../results/client-rows.ts";
import { ClientJudge } from "./judge.ts";

/**
 * The client rows added to a results document beside its own (a proxy session's spec findings): the totals, the
 * counts of problems and the first failure are reckoned again over every row, so that a must client clause broken
 * makes the document red as a must spec clause does, and a should one counts as a warning.
 */
export function addClientRows(results: Results, rows: readonly TestResult[]): Results {
  results.tests.push(...rows);
  results.tests.sort((a, b) => a.level - b.level || a.id.localeCompare(b.id));
  const byStatus = Object.fromEntries(StatusSchema.options.map((s) => [s, 0])) as Record<ResultStatus, number>;
  for (const t of results.tests) byStatus[t.status]++;
  results.summary.total = results.tests.length;
  results.summary.byStatus = byStatus;
  const errors = results.tests.filter((t) => t.status === "fail" && t.strength === "must");
  results.summary.mustProblems = errors.length;
  results.summary.shouldFailures = results.tests.filter((t) => t.status === "fail" && t.strength !== "must").length;
  const first = [...errors].sort((a, b) => a.level - b.level)[0];
  results.firstFailure = first ? { clause: first.clauses[0]!, level: first.level, test: first.id } : null;
  if (rows.length) {
    const clients = new Set(rows.map(clientOfRow)).size;
    const line = `the client clauses judge only what the traffic exercised: ${clients} client${clients === 1 ? "" : "s"} seen, ${rows.filter((r) => r.status === "n/a").length} of ${rows.length} rows not exercised`;
    results.partial = results.partial
      ? { ...results.partial, reasons: [...results.partial.reasons, line] }
      : { reasons: [line], notRun: 0, unverifiedFrom: null };
  }
  return results;
}

/**
 * A session judged on the client clauses alone, as a results document (results.json, HTML, JUnit): what `serve
 * --quirks` reports of the clients that used it. No level is claimed as verified: the rows judge clients.
 */
export function clientSessionResults(s: {
  targetUrl: string;
  featureLevel: number;
  product: "chat" | "zulip";
  startedAt: Date;
  judge: ClientJudge;
  notes?: string[];
  /** The session's end (default: now), which the rules judge "by the end of the session" against. */
  endedAt?: number;
}): Results {
  const results = buildResults({
    target: { kind: "url", url: s.targetUrl, featureLevel: s.featureLevel, product: s.product, personas: {}, runId: "client-judge", notes: s.notes ?? [] },
    faults: [],
    startedAt: s.startedAt,
    durationMs: (s.endedAt ?? Date.now()) - s.startedAt.getTime(),
    tests: [],
    coverage: coverage(catalog(), [], []),
    eventCoverage: [],
    toolVersion: VERSION,
    notRun: [],
  });
  results.verifiedLevel = null;
  delete results.verifiedShare;
  results.session = "client-judge";
  return addClientRows(results, s.judge.results(s.endedAt));
}

/** The --fail-on verdict of client rows: 1 when a must clause failed, or with `warning` any clause. */
export function clientExitCode(tests: readonly TestResult[], failOn: "error" | "warning"): number {
  return tests.some((t) => isClientRow(t) && t.status === "fail" && (failOn === "warning" || t.strength === "must")) ? 1 : 0;
}

/** The end-of-session lines of client rows that failed: "client [client.x] who (agent): want …; got …". */
export function clientLines(tests: readonly TestResult[]): string[] {
  return tests
    .filter((t) => isClientRow(t) && t.status === "fail" && t.failure)
    .map(
      (t) =>
        `client ${t.strength === "must" ? "violation" : "warning"} [${t.clauses[0]}] ${t.title.split(": ")[1] ?? ""}: want: ${t.failure!.want}; got: ${t.failure!.got}`,
    );
}

/** "clients: 2 judged; 1 must and 2 should client clauses broken", for a session's headline; "" with no client. */
export function clientHeadline(tests: readonly TestResult[]): string {
  const rows = tests.filter(isClientRow);
  if (!rows.length) return "";
  const clients = new Set(rows.map(clientOfRow)).size;
  const must = rows.filter((r) => r.status === "fail" && r.strength === "must").length;
  const should = rows.filter((r) => r.status === "fail" && r.strength !== "must").length;
  const judged = rows.filter((r) => r.status === "pass" || r.status === "fail").length;
  const broken = must + should ? `${must} must and ${should} should client clause rows broken` : "no client clause broken";
  return `clients: ${clients} judged on ${judged} client clause rows, ${broken}`;
}

/** A recorded session's exchanges (in any order) judged at once, as clientSessionResults' document. */
export async function judgedSessionResults(
  exchanges: Iterable<Observed>,
  s: { targetUrl: string; featureLevel: number; product: "chat" | "zulip"; startedAt: Date; notes?: string[]; endedAt?: number },
): Promise<Results> {
  const judge = new ClientJudge({ featureLevel: s.featureLevel, product: s.product });
  const sorted = [...exchanges].sort((a, b) => a.startedAt + a.durationMs - (b.startedAt + b.durationMs));
  for (const ex of sorted) await judge.observe(ex);
  return clientSessionResults({ ...s, judge });
}
