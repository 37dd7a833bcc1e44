import fc from "fast-check";
import { withPropertyCase } from "../../src/expect/failure.ts";

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
 * Runs a fast-check property inside a test. A failure keeps its clause and exchange and carries the shrunk
 * counterexample with the seed that replays it (`chat-conformance run --seed N`, or CC_SEED=N for npm test), and
 * the path (fc.assert's `path` option) that goes straight to it. `examples` run first, before the `numRuns` random
 * values: fixed cases that make sure every rule is exercised in every run.
 */
export async function checkProperty<T>(
  arb: fc.Arbitrary<T>,
  numRuns: number,
  body: (value: T) => Promise<void>,
  examples: readonly T[] = [],
  o: { shrink?: boolean } = {},
): Promise<void> {
  const seed = propertySeed();
  // Without shrinking a failure ends the property at once: most properties here are cheap to read unshrunk, and
  // shrinking against a server repeats the whole setup for every candidate. A sequence of steps is unreadable
  // unshrunk, so model-based properties shrink (o.shrink).
  const details = await fc.check(fc.asyncProperty(arb, body), {
    numRuns: numRuns + examples.length,
    examples: examples.map((e) => [e] as [T]),
    endOnFailure: !o.shrink,
    ...(seed !== undefined ? { seed } : {}),
  });
  if (!details.failed) return;
  const e = details.errorInstance;
  // The case travels beside the error, in its own fields (the runner adds it to the outcome and as the message's
  // last line): appended to the text it ended up after a blocked test's curl line.
  const found = { counterexample: fc.stringify(details.counterexample), seed: details.seed, path: details.counterexamplePath ?? "", runs: details.numRuns };
  throw withPropertyCase(e instanceof Error ? e : new Error(String(e)), found);
}
