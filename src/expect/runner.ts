import { NetworkError } from "../client/client.ts";
import { toCurl } from "../client/exchange.ts";
import { catalog } from "../catalog/catalog.ts";
import type { TargetInfo } from "../target/target.ts";
import { TestContext } from "./context.ts";
import type { Descriptor } from "./descriptor.ts";
import { BlockedError, ConformanceFailure, HarnessError, UnverifiableError } from "./failure.ts";
import { TestFl } from "./fl.ts";
import type { Outcome } from "./outcome.ts";

/** Why a test does not apply at `fl`, or null when it does. */
export function notApplicable(d: Descriptor, fl: number): string | null {
  const c = catalog().mustClause(d.clauses[0]!);
  if (d.from !== undefined) {
    const needed = catalog().mustClause(d.from);
    if (fl < needed.level) return `needs ${d.from} (FL${needed.level}) to observe anything; the target is at FL${fl}`;
  }
  if (d.gate === "always") return null;
  if (d.gate === "before") return fl < c.level ? null : `tests the behaviour before FL${c.level}; the target is at FL${fl}`;
  if (fl < c.level) return `the clause begins at FL${c.level}; the target is at FL${fl}`;
  if (c.until !== undefined && fl >= c.until) return `the clause ends at FL${c.until}; the target is at FL${fl}`;
  return null;
}

/** Levels a test may branch on: the levels and untils of its clauses. */
export function allowedLevels(d: Descriptor): Set<number> {
  const out = new Set<number>();
  for (const id of d.clauses) {
    const c = catalog().mustClause(id);
    out.add(c.level);
    if (c.until !== undefined) out.add(c.until);
  }
  return out;
}

/** "add a member persona to the personas file", "add owner and guest personas to the personas file". */
export function personaRemedy(roles: readonly string[]): string {
  if (roles.length === 1) return `add ${/^[aeiou]/.test(roles[0]!) ? "an" : "a"} ${roles[0]} persona to the personas file`;
  return `add ${roles.slice(0, -1).join(", ")} and ${roles.at(-1)} personas to the personas file`;
}

/** Runs one test against a target, outside or inside vitest, and classifies what happened. */
export async function runBehaviour(d: Descriptor, target: TargetInfo): Promise<Outcome> {
  const started = performance.now();
  // The outcome is kept so that `finally`, which runs the test's cleanups once the verdict is in, can add what they
  // could not remove (the verdict stays what the body earned).
  let outcome: Outcome | undefined;
  const done = (o: Omit<Outcome, "durationMs">): Outcome => (outcome = { ...o, durationMs: Math.round(performance.now() - started) });
  let t: TestContext | undefined;
  try {
    const clause = catalog().mustClause(d.clauses[0]!);
    for (const id of d.clauses.slice(1)) catalog().mustClause(id);
    const na = notApplicable(d, target.featureLevel);
    if (na) return done({ status: "n/a", message: na, exchanges: [] });
    if (target.readOnly && d.mutates) return done({ status: "skipped", message: "changes the server, and the run is --read-only", exchanges: [] });
    const missing = d.needs.filter((r) => !target.personas[r]);
    // The personas file is the user's to complete: the test says which roles would make it runnable.
    if (missing.length) return done({ status: "unverifiable", message: `needs persona ${missing.join(", ")} (absent from the target's personas)`, remedy: personaRemedy(missing), exchanges: [] });
    t = new TestContext(d.id, clause, target, new TestFl(target.featureLevel, allowedLevels(d), d.id));
    await d.run(t);
    return done({ status: "pass", exchanges: t.exchanges });
  } catch (e) {
    const exchanges = t?.exchanges ?? [];
    if (e instanceof ConformanceFailure) {
      return done({ status: "fail", message: e.message, failedClause: e.clause.id, ...(e.exchange ? { curl: toCurl(e.exchange) } : {}), exchanges });
    }
    if (e instanceof BlockedError) return done({ status: "blocked", message: e.message, exchanges });
    if (e instanceof UnverifiableError) return done({ status: "unverifiable", message: e.reason, remedy: e.remedy, exchanges });
    if (e instanceof NetworkError || e instanceof HarnessError) return done({ status: "error", message: `${e.name}: ${e.message}`, exchanges });
    return done({ status: "error", message: `harness error: ${(e as Error).stack ?? String(e)}`, exchanges });
  } finally {
    const leftovers = (await t?.finish()) ?? [];
    if (leftovers.length && outcome) outcome.leftovers = leftovers;
  }
}
