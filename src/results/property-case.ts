import type { PropertyCase } from "./schema.ts";

/** The case as one line of a failure text (the last line of the test's message): what it was and how to replay it. */
export function propertyCaseLine(c: PropertyCase): string {
  return `  counterexample: ${c.counterexample} (seed ${c.seed}, path ${c.path}, after ${c.runs} runs; replay: run --seed=${c.seed}, or CC_SEED=${c.seed} for npm test)`;
}
