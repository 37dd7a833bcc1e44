import fc from "fast-check";
import { ConformanceFailure } from "../../src/expect/failure.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** The seed every property test starts from (`run --seed N`, CC_SEED for npm test), to replay a failure. */
    propertySeed?: number;
  }
}

/** Loaded only inside a vitest worker: outside one (collect mode) no property runs. */
const vitest = process.env.VITEST ? await import("vitest") : undefined;

/** The run's seed for property tests, when one was given; otherwise fast-check draws one per property. */
export const propertySeed = (): number | undefined => vitest?.inject("propertySeed");

/**
 * Runs a fast-check property inside a test. A failure keeps its clause and exchange and gains the shrunk
 * counterexample with the seed that replays it (`chat-conformance run --seed N`, or CC_SEED=N for npm test), and
 * the path (fc.assert's `path` option) that goes straight to it. `examples` run first, before the `numRuns` random
 * values: fixed cases that make sure every rule is exercised in every run.
 */
export async function checkProperty<T>(arb: fc.Arbitrary<T>, numRuns: number, body: (value: T) => Promise<void>, examples: readonly T[] = [], o: { shrink?: boolean } = {}): Promise<void> {
  const seed = propertySeed();
  // Without shrinking a failure ends the property at once: most properties here are cheap to read unshrunk, and
  // shrinking against a server repeats the whole setup for every candidate. A sequence of steps is unreadable
  // unshrunk, so model-based properties shrink (o.shrink).
  const details = await fc.check(fc.asyncProperty(arb, body), { numRuns: numRuns + examples.length, examples: examples.map((e) => [e] as [T]), endOnFailure: !o.shrink, ...(seed !== undefined ? { seed } : {}) });
  if (!details.failed) return;
  const e = details.errorInstance;
  const where = `counterexample ${fc.stringify(details.counterexample)} (seed ${details.seed}, path ${details.counterexamplePath ?? ""}, after ${details.numRuns} runs; replay: run --seed=${details.seed}, or CC_SEED=${details.seed} for npm test)`;
  if (e instanceof ConformanceFailure) throw new ConformanceFailure(e.clause, e.expected, `${e.got}; ${where}`, e.exchange, e.at);
  throw e instanceof Error ? Object.assign(e, { message: `${e.message}; ${where}` }) : new Error(`${String(e)}; ${where}`);
}
