import { appendFileSync } from "node:fs";
import { NetworkError } from "../client/client.ts";
import { RateLimitedError } from "../client/rate-limit.ts";
import { toCurl } from "../client/exchange.ts";
import { catalog } from "../catalog/catalog.ts";
import { spreadMemberPersonas } from "../target/persona-spread.ts";
import type { TargetInfo } from "../target/target.ts";
import { TestContext } from "./context.ts";
import type { Descriptor } from "./descriptor.ts";
import { BlockedError, ConformanceFailure, HarnessError, NotApplicableError, propertyCaseOf, UnverifiableError } from "./failure.ts";
import { propertyCaseLine } from "../results/property-case.ts";
import { TestFl } from "./fl.ts";
import { FeedDeadError, feedDeadReason, isEventsPoll, takeFeedFailure, unansweredPoll } from "./events-feed.ts";
import type { Outcome } from "../results/test-records.ts";
import { StateWatch } from "./state/invariant.ts";
import { mergeRecords, type InvariantRecord } from "./state/record.ts";

/**
 * Whether and how the state invariant watches a test: every test that changes the server, with a persona, unless
 * it opts out (`invariant: { off }`) or the run turns the invariant off (CC_INVARIANT=off, for measuring its cost).
 */
function invariantPlan(d: Descriptor): { role: NonNullable<Descriptor["needs"][number]>; capabilities: Record<string, boolean> } | { off: string } | null {
  if (!d.mutates) return null;
  if (process.env.CC_INVARIANT === "off") return { off: "CC_INVARIANT=off" };
  if (d.invariant && "off" in d.invariant) return { off: d.invariant.off };
  const role = d.needs[0];
  if (!role) return { off: "the test uses no persona" };
  return { role, capabilities: d.invariant && "capabilities" in d.invariant ? d.invariant.capabilities : {} };
}

const skippedRecord = (why: string): InvariantRecord => ({ status: "skipped", why, reduced: [], unknown: [], sections: [] });

/**
 * The test's invariant record: the runner's watcher's (or why there was none), with the comparisons of the
 * watchers the test ran itself (TestContext.watching) merged in. An opt-out's record gives way to them: the test
 * opted out because its own watchers do the comparing.
 */
function testRecord(runner: InvariantRecord | undefined, own: InvariantRecord[], optedOut: boolean): InvariantRecord | undefined {
  if (!own.length) return runner;
  const parts = runner && !optedOut ? [runner, ...own] : own;
  return { ...mergeRecords(parts), own: own.length };
}

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
  let watch: StateWatch | undefined;
  let invariant: InvariantRecord | undefined;
  let optedOut = false;
  /** The record the outcome carries: the runner's, with the test's own watchers merged in. */
  const recorded = (): { invariant?: InvariantRecord } => {
    const r = testRecord(invariant, t?.ownWatchers() ?? [], optedOut);
    return r ? { invariant: r } : {};
  };
  try {
    const clause = catalog().mustClause(d.clauses[0]!);
    for (const id of d.clauses.slice(1)) catalog().mustClause(id);
    const na = notApplicable(d, target.featureLevel);
    if (na) return done({ status: "n/a", message: na, exchanges: [] });
    if (target.readOnly && d.mutates) return done({ status: "skipped", message: "changes the server, and the run is --read-only", exchanges: [] });
    const missing = d.needs.filter((r) => !target.personas[r]);
    // The personas file is the user's to complete: the test says which roles would make it runnable.
    if (missing.length)
      return done({
        status: "unverifiable",
        message: `needs persona ${missing.join(", ")} (absent from the target's personas)`,
        remedy: personaRemedy(missing),
        exchanges: [],
      });
    target = spreadMemberPersonas(target, d.id, d.needs);
    t = new TestContext(d.id, clause, target, new TestFl(target.featureLevel, allowedLevels(d), d.id), [], d.needs);
    const plan = invariantPlan(d);
    if (plan && "off" in plan) {
      invariant = skippedRecord(plan.off);
      optedOut = true;
    }
    // A feed the run has shown dead can keep no watcher's state: the invariant waits for nothing.
    const deadFeed = plan && "role" in plan ? feedDeadReason(target) : null;
    if (deadFeed !== null) invariant = skippedRecord(`not compared: ${deadFeed}`);
    else if (plan && "role" in plan) {
      const started = await StateWatch.acquire(target, plan.role, plan.capabilities, d.clauses).catch(
        (e: unknown) => `the watcher could not register: ${(e as Error).message}`,
      );
      if (typeof started === "string") invariant = skippedRecord(started);
      else watch = started;
    }
    await d.run(t);
    if (watch) {
      // The test's own verdict comes first: the invariant runs only once the body has passed, so its failure
      // never hides the test's.
      try {
        invariant = await watch.check(t.exchanges);
      } catch (e) {
        invariant = watch.failedRecord();
        throw e;
      }
    }
    // A probe that showed the events feed dead during the test is its verdict, even where a wait swallowed it.
    const feedFailure = takeFeedFailure();
    if (feedFailure) throw feedFailure;
    return done({ status: "pass", exchanges: t.exchanges, ...recorded() });
  } catch (thrown) {
    let e = takeFeedFailure() ?? thrown;
    // A GET /events of the test's own that got no answer: the feed's verdict, when the feed is dead.
    if (e instanceof NetworkError && isEventsPoll(e.exchange) && t && d.needs[0]) e = (await unansweredPoll(target, t.api(d.needs[0]))) ?? e;
    const exchanges = t?.exchanges ?? [];
    if (watch && !invariant) invariant = skippedRecord("the test did not pass, so the state was not compared");
    // A failing property's case: its own field, and the message's last line (after the curl line, never on it).
    const property = propertyCaseOf(thrown) ?? propertyCaseOf(e);
    const inv = { ...recorded(), ...(property ? { property } : {}) };
    const tail = property ? `\n${propertyCaseLine(property)}` : "";
    if (e instanceof ConformanceFailure) {
      return done({
        status: "fail",
        message: e.message + tail,
        failedClause: e.clause.id,
        failure: e.failure,
        ...(e.exchange ? { curl: toCurl(e.exchange) } : {}),
        exchanges,
        ...inv,
      });
    }
    // A blocked test points at the clause whose step failed: the run's first failure is that clause's, not this test's.
    const blockedBy = e instanceof FeedDeadError ? e.clause : e instanceof BlockedError ? e.failedClause : undefined;
    if (e instanceof BlockedError)
      return done({
        status: "blocked",
        message: e.message + tail,
        ...(blockedBy !== undefined ? { failedClause: blockedBy } : {}),
        ...(e.failure ? { failure: e.failure } : {}),
        exchanges,
        ...inv,
      });
    if (e instanceof NotApplicableError) return done({ status: "n/a", message: e.message, exchanges, ...inv });
    if (e instanceof UnverifiableError) return done({ status: "unverifiable", message: e.reason, remedy: e.remedy, exchanges, ...inv });
    // The target's rate limit asks for more waiting than --max-wait allows: the test could not judge (the run exits 2).
    if (e instanceof RateLimitedError) return done({ status: "blocked", message: e.message, exchanges, ...inv });
    if (e instanceof NetworkError || e instanceof HarnessError) return done({ status: "error", message: `${e.name}: ${e.message}${tail}`, exchanges, ...inv });
    return done({ status: "error", message: `harness error: ${(e as Error).stack ?? String(e)}${tail}`, exchanges, ...inv });
  } finally {
    // The watcher goes back to the worker's pool (or is deleted) before the cleanups run: their events are the
    // next test's to compare on that watcher.
    await watch?.release();
    // CC_INVARIANT_LOG=FILE: one line per watched test (status, level, test, events reduced), to count that the
    // invariant ran in a run whose report is not at hand (the level sweep of `npm test`).
    const logged = outcome?.invariant;
    if (logged && process.env.CC_INVARIANT_LOG) {
      appendFileSync(
        process.env.CC_INVARIANT_LOG,
        `${logged.status}\tFL${target.featureLevel}\t${d.id}\t${logged.reduced.join(",")}${logged.why ? `\t${logged.why}` : ""}\n`,
      );
    }
    const leftovers = (await t?.finish()) ?? [];
    if (leftovers.length && outcome) outcome.leftovers = leftovers;
    // A test that changed the server unwatched may have changed what no event announces: the pooled watchers of
    // its target start afresh for the next test.
    if (t && d.mutates && !watch) await StateWatch.forget(target);
  }
}
