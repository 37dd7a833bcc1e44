import fc from "fast-check";
import { ConformanceFailure } from "../../src/expect/failure.ts";

/**
 * Runs a fast-check property inside a test. A failure keeps its clause and exchange and gains the shrunk
 * counterexample with the seed and path that replay it (fc.assert's `seed` and `path` options). `examples` run
 * first, before the `numRuns` random values: fixed cases that make sure every rule is exercised in every run.
 */
export async function checkProperty<T>(arb: fc.Arbitrary<T>, numRuns: number, body: (value: T) => Promise<void>, examples: readonly T[] = []): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arb, body), { numRuns: numRuns + examples.length, examples: examples.map((e) => [e] as [T]), endOnFailure: true });
  if (!details.failed) return;
  const e = details.errorInstance;
  const where = `counterexample ${JSON.stringify(details.counterexample)} (seed ${details.seed}, path ${details.counterexamplePath ?? ""}, after ${details.numRuns} runs)`;
  if (e instanceof ConformanceFailure) throw new ConformanceFailure(e.clause, e.expected, `${e.got}; ${where}`, e.exchange, e.at);
  throw e instanceof Error ? Object.assign(e, { message: `${e.message}; ${where}` }) : new Error(`${String(e)}; ${where}`);
}
