import { NetworkError } from "../client/client.ts";
import { toCurl } from "../client/exchange.ts";
import { catalog } from "../catalog/catalog.ts";
import type { TargetInfo } from "../target/target.ts";
import { TestContext } from "./context.ts";
import type { Descriptor } from "./descriptor.ts";
import { BlockedError, ConformanceFailure, HarnessError } from "./failure.ts";
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

/** Runs one test against a target, outside or inside vitest, and classifies what happened. */
export async function runBehaviour(d: Descriptor, target: TargetInfo): Promise<Outcome> {
  const started = performance.now();
  const done = (o: Omit<Outcome, "durationMs">): Outcome => ({ ...o, durationMs: Math.round(performance.now() - started) });
  let t: TestContext | undefined;
  try {
    const clause = catalog().mustClause(d.clauses[0]!);
    for (const id of d.clauses.slice(1)) catalog().mustClause(id);
    const na = notApplicable(d, target.featureLevel);
    if (na) return done({ status: "n/a", message: na, exchanges: [] });
    if (target.readOnly && d.mutates) return done({ status: "skipped", message: "changes the server, and the run is --read-only", exchanges: [] });
    const missing = d.needs.filter((r) => !target.personas[r]);
    if (missing.length) return done({ status: "skipped", message: `needs persona ${missing.join(", ")} (absent from the target's personas)`, exchanges: [] });
    t = new TestContext(d.id, clause, target, new TestFl(target.featureLevel, allowedLevels(d), d.id));
    await d.run(t);
    return done({ status: "pass", exchanges: t.exchanges });
  } catch (e) {
    const exchanges = t?.exchanges ?? [];
    if (e instanceof ConformanceFailure) {
      return done({ status: "fail", message: e.message, failedClause: e.clause.id, ...(e.exchange ? { curl: toCurl(e.exchange) } : {}), exchanges });
    }
    if (e instanceof BlockedError) return done({ status: "blocked", message: e.message, exchanges });
    if (e instanceof NetworkError || e instanceof HarnessError) return done({ status: "error", message: `${e.name}: ${e.message}`, exchanges });
    return done({ status: "error", message: `harness error: ${(e as Error).stack ?? String(e)}`, exchanges });
  } finally {
    await t?.cleanup();
  }
}
