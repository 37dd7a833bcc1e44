import { catalog } from "../catalog/catalog.ts";
import type { Exchange } from "../client/exchange.ts";
import type { Observed } from "../client/observed.ts";

/**
 * A violation seen in live traffic. `error`: the server broke a must-clause of the spec at its level. `warning`: a
 * should-clause, or the client relied on something its server's level does not offer.
 */
export interface Finding {
  clause: string;
  severity: "error" | "warning";
  /** The clause's words (the catalog's), or what the API description states for a request warning. */
  says: string;
  want: string;
  got: string;
  /** Where in the body ("$.events[2].message.subject"). */
  at?: string;
  /** For clauses the catalog does not hold (request warnings from Zulip's API description): the level concerned. */
  level?: number;
  exchange: Exchange;
  /** "GET /api/v1/events" as the client sent it. */
  request: string;
  who: string;
}

/** What a check reports: the clause and what was wanted and seen; the exchange is added by the checker. */
export interface Violation {
  clause: string;
  want: string;
  got: string;
  at?: string;
  /** Overrides the clause's strength (request warnings are warnings whatever the clause). */
  severity?: "error" | "warning";
  /** For ids outside the catalog. */
  says?: string;
  level?: number;
}

/** Builds findings from violations: the clause's words and strength from the catalog. */
export function findingOf(v: Violation, ex: Observed, exchange: Exchange, who: string): Finding {
  const clause = catalog().clause(v.clause);
  const severity = v.severity ?? (clause === undefined || clause.strength === "must" ? "error" : "warning");
  const f: Finding = {
    clause: v.clause,
    severity,
    says: clause?.says ?? v.says ?? v.clause,
    want: v.want,
    got: v.got,
    exchange,
    request: `${ex.method} ${ex.path.split("?")[0]}`,
    who,
  };
  if (v.at !== undefined) f.at = v.at;
  if (v.level !== undefined) f.level = v.level;
  return f;
}

/** The console line of one finding: clause, what the spec requires, what was seen, and where. */
export function findingLine(f: Finding): string {
  const mark = f.severity === "error" ? "violation" : "warning";
  const at = f.at ? ` at ${f.at}` : "";
  const status = f.exchange.status !== undefined ? ` → ${f.exchange.status}` : f.exchange.error ? " → no answer" : "";
  return `${mark} [${f.clause}] ${f.request}${status} (${f.who}): spec: ${f.says} want: ${f.want}${at}; got: ${f.got}`;
}
