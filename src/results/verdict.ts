import { FIRST_LEVEL } from "../catalog/schema.ts";
import { pct } from "./tally.ts";
import type { Results } from "./schema.ts";

/**
 * The run's verdict in words, one wording for the text summary, the HTML headline and the badge, so that they
 * never disagree about what a run showed. A partial run says so; a run that verified nothing says so too, rather
 * than "conforms through" a level below the catalog's floor.
 */
export interface Verdict {
  state: "green" | "amber" | "red" | "grey";
  /** "Conforming", "Not conforming", "Partial run: no problems found", "Nothing verified", … */
  word: string;
  /**
   * "conforms through FL 372 — 96% of applicable clauses verified (520 of 540); 18 clauses not verifiable on this
   * target", "no level verified; …", "nothing verified".
   */
  verified: string;
  /** The same after its head ("conforms through FL 372"): what qualifies it, for renderers that show the head apart. */
  qualifiers: string[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * "13% of applicable clauses verified (70 of 540)": what the verified level covers of the target's level, said
 * wherever the level is, since "conforms through FL 260" alone reads as much more than it may be. Undefined for a
 * document without it (no verified level, or written before it existed).
 */
export function shareWords(r: Results): string | undefined {
  const s = r.verifiedShare;
  if (r.verifiedLevel === null || s === undefined || s.applicable === 0) return undefined;
  return `${pct(s.verified, s.applicable)} of applicable clauses verified (${s.verified} of ${s.applicable})`;
}

/** How the coverage line says the clauses were reached: by the suites, or by a session's traffic. */
export const testedWords = (r: Results): string => (r.session ? "checked on live traffic" : "tested in this run");

/**
 * The level to name with the first failure, or undefined where it means nothing: the client judge files every
 * client clause at the catalog's first level, as they have none of their own.
 */
export const firstFailureLevel = (r: Results): number | undefined => (r.session === "client-judge" ? undefined : r.firstFailure?.level);

/** The run left out or skipped tests it could have run (a filter, --read-only): not only unverifiable ones. */
export function leftTestsOut(r: Results): boolean {
  return r.partial !== null && (r.partial.notRun > 0 || (r.summary.byStatus.skipped ?? 0) > 0);
}

/** Clauses of the tests that passed, and the range of their levels: what a partial run did verify. */
function passedScope(r: Results): { clauses: number; from: number; to: number } | undefined {
  const passed = r.tests.filter((t) => t.status === "pass");
  if (!passed.length) return undefined;
  const levels = passed.map((t) => t.level);
  return { clauses: new Set(passed.flatMap((t) => t.clauses)).size, from: Math.min(...levels), to: Math.max(...levels) };
}

/** Why the verified level is what it is, in words (without the first failure, which each renderer places itself). */
function verifiedParts(r: Results): string[] {
  const s = r.summary;
  const passed = (s.byStatus.pass ?? 0) > 0;
  const fl = r.target.featureLevel;
  const parts: string[] = [];
  const share = shareWords(r);
  parts.push(
    r.session
      ? "live traffic judged: a session claims no level"
      : r.verifiedLevel !== null
        ? `conforms through FL ${r.verifiedLevel}${share ? ` — ${share}` : ""}`
        : passed
          ? "no level verified"
          : "nothing verified",
  );
  // A clause cited from below the catalog's floor (FL 111) applies from its first level on: said as FL 153, not FL 111.
  const from = r.partial?.unverifiedFrom ?? null;
  const failedAt = r.firstFailure?.level ?? Infinity;
  if (from !== null && from <= fl && from <= failedAt && (r.verifiedLevel ?? 0) < fl)
    parts.push(`applicable tests from FL ${Math.max(from, FIRST_LEVEL)} were not run (partial run)`);
  else if (r.verifiedLevel === null && passed && r.firstFailure === null && fl < FIRST_LEVEL)
    parts.push(`the target's FL ${fl} is below the catalog's first level, FL ${FIRST_LEVEL}`);
  if (s.unverifiableClauses > 0)
    parts.push(`${plural(s.unverifiableClauses, "clause")} not verifiable on this target${r.strict ? " (counted as problems: strict)" : ""}`);
  const scope = leftTestsOut(r) ? passedScope(r) : undefined;
  if (scope) parts.push(`${plural(scope.clauses, "clause")} verified passing in this partial run (FL ${scope.from}–${scope.to})`);
  return parts;
}

export function verdictOf(r: Results): Verdict {
  const s = r.summary;
  const parts = verifiedParts(r);
  const words = { verified: parts.join("; "), qualifiers: parts.slice(1) };
  if (s.total === 0) return { state: "grey", word: r.session ? "Nothing seen" : "No tests ran", ...words };
  if (s.mustProblems > 0) return { state: "red", word: "Not conforming", ...words };
  // A session saw only what its clients did: what held there is no claim about the rest.
  if (r.session) {
    if ((s.byStatus.pass ?? 0) === 0) return { state: "grey", word: "Nothing judged", ...words };
    return s.shouldFailures > 0
      ? { state: "amber", word: "No violation seen, with warnings", ...words }
      : { state: "green", word: "No violation seen", ...words };
  }
  if ((s.byStatus.pass ?? 0) === 0) return { state: "grey", word: "Nothing verified", ...words };
  if (leftTestsOut(r)) return { state: "grey", word: "Partial run: no problems found", ...words };
  if (s.shouldFailures > 0) return { state: "amber", word: "Conforming, with warnings", ...words };
  return { state: "green", word: "Conforming", ...words };
}
