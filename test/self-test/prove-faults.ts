import { afterAll, beforeAll, describe, it } from "vitest";
import type { Fault } from "../../reference-server/faults/fault.ts";
import { collectTests } from "../../src/expect/collect.ts";
import type { Descriptor } from "../../src/expect/descriptor.ts";
import { isIsolated } from "../../src/expect/isolation.ts";
import type { Outcome } from "../../src/results/test-records.ts";
import { runBehaviour } from "../../src/expect/runner.ts";
import { startReferenceTarget } from "../../src/target/reference.ts";
import type { TargetInfo } from "../../src/target/target.ts";

type Started = { target: TargetInfo; close: () => Promise<void> };

/**
 * The suite's self-test for one area's faults: each fault breaks one clause of the reference server; the tests of
 * that clause must pass on a clean server and at least one of them must fail against the faulty one. A fault
 * nobody catches means the suite cannot see that regression. One file per area, so areas run in parallel.
 *
 * A file's faults are proved concurrently (vitest's maxConcurrency at a time): each has its faulty server to
 * itself, and much of a proof is waiting (a delivery coming due, a webhook or push bouncer that is never called),
 * which the others fill. The clean server of a level is shared as `run` shares its target: tests of different
 * suite files side by side, those of one file one after another, and tests of the suites that change
 * organization settings (those whose defineSuite says `isolated`) on a clean server of their own. A test that
 * covers several faults passes on the clean server once for all of them.
 */
export function proveFaults(area: string, table: Readonly<Record<string, Fault>>): void {
  let tests: Descriptor[] = [];
  const clean = new Map<number, Promise<Started>>();

  beforeAll(async () => {
    tests = await collectTests();
  });

  afterAll(async () => {
    for (const c of clean.values()) await (await c).close();
  });

  function sharedCleanTarget(level: number): Promise<Started> {
    let c = clean.get(level);
    if (!c) clean.set(level, (c = startReferenceTarget({ featureLevel: level })));
    return c;
  }

  /** The last run queued on the shared clean server of a level for each suite file. */
  const turns = new Map<string, Promise<unknown>>();
  /** Each test's outcome on a clean server, by level: faults covered by the same test share its clean run. */
  const cleanOutcomes = new Map<string, Promise<Outcome>>();

  /** `d` on a clean server at `level`, run once, after any test of its file already running or queued there. */
  function runClean(d: Descriptor, level: number): Promise<Outcome> {
    const id = `${level} ${d.id}`;
    let outcome = cleanOutcomes.get(id);
    if (outcome) return outcome;
    if (isIsolated(d.file)) {
      outcome = startReferenceTarget({ featureLevel: level }).then(async (own) => {
        try {
          return await runBehaviour(d, own.target);
        } finally {
          await own.close();
        }
      });
    } else {
      const key = `${level} ${d.file}`;
      outcome = (turns.get(key) ?? Promise.resolve()).catch(() => undefined).then(async () => runBehaviour(d, (await sharedCleanTarget(level)).target));
      turns.set(key, outcome);
    }
    cleanOutcomes.set(id, outcome);
    return outcome;
  }

  describe.concurrent(`every ${area} fault is caught by the suite`, () => {
    for (const [id, fault] of Object.entries(table)) {
      it(`${id}: ${fault.description}`, async ({ expect }) => {
        const covering = tests.filter((d) => d.clauses.includes(fault.clause));
        expect(
          covering.map((d) => d.id),
          `no test names clause ${fault.clause}`,
        ).not.toEqual([]);
        const level = fault.level ?? 372;
        const { target, close } = await startReferenceTarget({ featureLevel: level, faults: [id] });
        try {
          const outcomes = [];
          for (const d of covering) {
            const before = await runClean(d, level);
            expect(["pass", "n/a"], `${d.id} on a clean server at FL${level}: ${before.message ?? ""}`).toContain(before.status);
            const after = await runBehaviour(d, target);
            expect(["pass", "fail", "n/a"], `${d.id} with fault ${id}: ${after.message ?? ""}`).toContain(after.status);
            outcomes.push({ test: d.id, status: after.status });
          }
          expect(
            outcomes.filter((o) => o.status === "fail"),
            `fault ${id} went unnoticed: ${JSON.stringify(outcomes)}`,
          ).not.toEqual([]);
        } finally {
          await close();
        }
      });
    }
  });
}
