import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Fault } from "../../reference-server/faults/fault.ts";
import { collectTests } from "../../src/expect/collect.ts";
import type { Descriptor } from "../../src/expect/descriptor.ts";
import { runBehaviour } from "../../src/expect/runner.ts";
import { startReferenceTarget } from "../../src/target/reference.ts";
import type { TargetInfo } from "../../src/target/target.ts";

/**
 * The suite's self-test for one area's faults: each fault breaks one clause of the reference server; the tests of
 * that clause must pass on a clean server and at least one of them must fail against the faulty one. A fault
 * nobody catches means the suite cannot see that regression. One file per area, so areas run in parallel.
 */
export function proveFaults(area: string, table: Readonly<Record<string, Fault>>): void {
  let tests: Descriptor[] = [];
  const clean = new Map<number, { target: TargetInfo; close: () => Promise<void> }>();

  beforeAll(async () => {
    tests = await collectTests();
  });

  afterAll(async () => {
    for (const c of clean.values()) await c.close();
  });

  async function cleanTarget(level: number): Promise<TargetInfo> {
    let c = clean.get(level);
    if (!c) clean.set(level, (c = await startReferenceTarget({ featureLevel: level })));
    return c.target;
  }

  describe(`every ${area} fault is caught by the suite`, () => {
    for (const [id, fault] of Object.entries(table)) {
      it(`${id}: ${fault.description}`, async () => {
        const covering = tests.filter((d) => d.clauses.includes(fault.clause));
        expect(covering.map((d) => d.id), `no test names clause ${fault.clause}`).not.toEqual([]);
        const level = fault.level ?? 372;
        const ok = await cleanTarget(level);
        const { target, close } = await startReferenceTarget({ featureLevel: level, faults: [id] });
        try {
          const outcomes = [];
          for (const d of covering) {
            const before = await runBehaviour(d, ok);
            expect(["pass", "n/a"], `${d.id} on a clean server at FL${level}: ${before.message ?? ""}`).toContain(before.status);
            const after = await runBehaviour(d, target);
            expect(["pass", "fail", "n/a"], `${d.id} with fault ${id}: ${after.message ?? ""}`).toContain(after.status);
            outcomes.push({ test: d.id, status: after.status });
          }
          expect(outcomes.filter((o) => o.status === "fail"), `fault ${id} went unnoticed: ${JSON.stringify(outcomes)}`).not.toEqual([]);
        } finally {
          await close();
        }
      });
    }
  });
}
