import type { TestProject } from "vitest/node";
import { startReferenceTarget } from "./reference.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** Set by a vitest project: run its suites against an embedded reference server at this level. */
    referenceLevel?: number;
    /** Set in a boundary project of `npm test`: only tests with a boundary at this level run there. */
    sweepFocus?: number | null;
  }
}

/**
 * vitest globalSetup for the suites: unless a target was provided (the CLI does that), start the reference
 * server at the project's level and hand it to the workers.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const provided = project.getProvidedContext();
  if ((provided as { target?: unknown }).target) return undefined;
  const { target, close } = await startReferenceTarget({ featureLevel: provided.referenceLevel ?? 372 });
  project.provide("target", target);
  return close;
}
