import { catalog } from "../catalog/catalog.ts";
import { coverage } from "../catalog/coverage.ts";
import type { TestInfo } from "../expect/descriptor-info.ts";
import { failureRecord, formatFailure } from "../expect/failure.ts";
import type { TestMeta } from "../results/test-records.ts";
import { toCurl } from "../client/exchange.ts";
import { VERSION } from "../layout.ts";
import { buildResults } from "../results/build.ts";
import { testsEventCoverage } from "../expect/state/coverage.ts";
import type { Results, TestResult } from "../results/schema.ts";
import { addClientRows, clientExitCode, clientHeadline } from "../judge/results.ts";
import { isClientRow } from "../results/client-rows.ts";
import { NO_ANSWER } from "./checker.ts";
import type { Finding } from "./findings.ts";
import type { TargetLevel } from "./level.ts";

/** Exchanges kept per reported clause: the first ones seen (a long session repeats the same break). */
const MAX_EXCHANGES = 12;

export interface Session {
  targetUrl: string;
  level: TargetLevel;
  startedAt: Date;
  findings: readonly Finding[];
  /** How many findings of each "severity clause" were seen, beyond those kept. */
  counts: ReadonlyMap<string, number>;
  /** Clauses checked on some exchange, with how many times. */
  checked: ReadonlyMap<string, number>;
  exchanges: number;
  events: number;
  /** The client judge's rows (src/judge): one per client seen and client clause. */
  clients?: readonly TestResult[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The proxy session as the same results document `run` writes, so that the same renderers (results.json, HTML,
 * JUnit) show it: one row per clause, failing with its violations' exchanges and a curl line, passing when it was
 * checked and never broken. Warnings are rows of strength `should`, so that only errors make the verdict red. A
 * session proves only what the client happened to do, so no level is claimed as verified and the run is partial.
 */
export function sessionResults(s: Session): Results {
  const byClause = new Map<string, Finding[]>();
  for (const f of s.findings) byClause.set(`${f.severity} ${f.clause}`, [...(byClause.get(`${f.severity} ${f.clause}`) ?? []), f]);
  const rows: TestMeta[] = [];
  const warningIds = new Set<string>();
  const extra = new Map<string, { level: number; area: string }>();
  for (const [key, list] of byClause) {
    const first = list[0]!;
    const id = `proxy/${key.replace(" ", "/")}`;
    if (first.severity === "warning") warningIds.add(id);
    if (catalog().clause(first.clause) === undefined) extra.set(id, { level: first.level ?? 0, area: first.clause === NO_ANSWER ? "transport" : "requests" });
    const requests = [...new Set(list.map((f) => f.request))];
    const seen = Math.max(list.length, s.counts.get(key) ?? 0);
    rows.push({
      id,
      title: `${plural(seen, first.severity === "error" ? "violation" : "warning")} of ${first.clause} in live traffic (${requests.slice(0, 3).join(", ")}${requests.length > 3 ? ", …" : ""})`,
      file: "proxy",
      clauses: [first.clause],
      status: "fail",
      message: formatFailure({ id: first.clause, says: first.says }, first.want, first.got, first.exchange, first.at),
      curl: toCurl(first.exchange),
      failure: failureRecord({ id: first.clause, says: first.says }, first.want, first.got, first.exchange, first.at),
      exchanges: list.slice(0, MAX_EXCHANGES).map((f) => f.exchange),
      durationMs: 0,
    });
  }
  const violated = new Set(s.findings.map((f) => f.clause));
  for (const [clause, n] of s.checked) {
    if (violated.has(clause) || catalog().clause(clause) === undefined) continue;
    rows.push({
      id: `proxy/checked/${clause}`,
      title: `${clause}: checked on ${plural(n, "exchange")}, never violated`,
      file: "proxy",
      clauses: [clause],
      status: "pass",
      exchanges: [],
      durationMs: 0,
    });
  }
  const infos: TestInfo[] = rows.map((r) => ({ id: r.id, title: r.title, file: r.file, clauses: r.clauses, gateLevels: [] }));
  const checkedClauses = catalog().clauses.filter((c) => s.checked.has(c.id) || violated.has(c.id));
  const results = buildResults({
    target: { kind: "url", url: s.targetUrl, featureLevel: s.level.featureLevel, product: s.level.product, personas: {}, runId: "proxy", notes: s.level.notes },
    faults: [],
    startedAt: s.startedAt,
    durationMs: Date.now() - s.startedAt.getTime(),
    tests: rows,
    coverage: coverage(catalog(), infos, checkedClauses),
    eventCoverage: testsEventCoverage(catalog(), rows, s.level.featureLevel),
    toolVersion: VERSION,
    notRun: [],
  });
  for (const t of results.tests) {
    if (warningIds.has(t.id)) t.strength = "should";
    const e = extra.get(t.id);
    if (e) {
      t.level = e.level;
      t.area = e.area;
      t.tags = [];
    }
  }
  const errors = results.tests.filter((t) => t.status === "fail" && t.strength === "must");
  results.summary.mustProblems = errors.length;
  results.summary.shouldFailures = results.tests.filter((t) => t.status === "fail" && t.strength !== "must").length;
  const first = errors.sort((a, b) => a.level - b.level)[0];
  results.firstFailure = first ? { clause: first.clauses[0]!, level: first.level, test: first.id } : null;
  results.verifiedLevel = null;
  delete results.verifiedShare;
  results.session = "proxy";
  results.partial = {
    reasons: [
      `a proxy session checks only the traffic its clients made: ${plural(s.exchanges, "exchange")} and ${plural(s.events, "event")} seen, ${plural(new Set([...s.checked.keys(), ...violated]).size, "clause")} checked`,
    ],
    notRun: 0,
    unverifiedFrom: null,
  };
  results.tests.sort((a, b) => a.level - b.level || a.id.localeCompare(b.id));
  return addClientRows(results, s.clients ?? []);
}

/**
 * The session's last line: what broke, counted as seen (kept or not), each severity with the clauses it broke, and
 * how many clauses the traffic exercised and how many of them held; then the scope of a session. Nothing reads as
 * "0 violations of 0 clauses" when there was none.
 */
export function sessionHeadline(results: Results, counts: ReadonlyMap<string, number>, findings: readonly Finding[]): string {
  const seen = (severity: Finding["severity"]) => {
    const clauses = new Set(findings.filter((f) => f.severity === severity).map((f) => f.clause));
    let n = 0;
    for (const c of clauses) n += Math.max(counts.get(`${severity} ${c}`) ?? 0, findings.filter((f) => f.severity === severity && f.clause === c).length);
    return { n, clauses: clauses.size };
  };
  const part = (x: { n: number; clauses: number }, word: string) => (x.n ? `${plural(x.n, word)} of ${plural(x.clauses, "clause")}` : `0 ${word}s`);
  const errors = seen("error");
  const warnings = seen("warning");
  const spec = results.tests.filter((t) => !isClientRow(t));
  const checked = new Set(spec.flatMap((t) => t.clauses)).size;
  const held = spec.filter((t) => t.status === "pass").length;
  const scope = results.partial?.reasons[0]?.replace(/, \d+ clauses? checked$/, "");
  const clauses =
    checked === 0
      ? "no clause checked"
      : held === checked
        ? `${plural(checked, "clause")} checked, none broken`
        : `${plural(checked, "clause")} checked, ${held} never broken`;
  const clients = clientHeadline(results.tests);
  return `${part(errors, "violation")} and ${part(warnings, "warning")}; ${clauses}${scope ? `; ${scope}` : ""}${clients ? `; ${clients}` : ""}`;
}

/**
 * The exit code for --fail-on: 1 when a finding at or above the threshold was seen, or a client clause row failed
 * at it (error: a must clause; warning: any).
 */
export function exitCodeOf(findings: readonly Finding[], failOn: "error" | "warning", tests: readonly TestResult[] = []): number {
  return findings.some((f) => failOn === "warning" || f.severity === "error") || clientExitCode(tests, failOn) ? 1 : 0;
}
