import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestContext } from "./context.ts";
import type { BehaviourOptions, Descriptor } from "./descriptor.ts";
import { registry } from "./registry.ts";
import { runBehaviour } from "./runner.ts";
import { toTestMeta } from "./meta.ts";
import { boundariesOf } from "./boundaries.ts";
import { applyExpectations, type Expectations } from "../report/expectations.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** The run's expectations file, so a known deviation settles inside the worker (vitest, JUnit and Allure agree). */
    expectations?: Expectations;
    /** Set when the allure-vitest reporter is on: each test describes itself in conformance terms. */
    allure?: boolean;
  }
}

/** Loaded only inside a vitest worker: outside one (collect mode, the CLI) the suites are data. */
const vitest = process.env.VITEST ? await import("vitest") : undefined;

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The suite file that called behaviour(), from the call stack. */
function callerFile(): string {
  const stack = new Error().stack?.split("\n") ?? [];
  for (const line of stack) {
    const m = /(?:file:\/\/)?(\/[^\s():]+\.test\.ts)/.exec(line);
    if (m) return relative(ROOT, m[1]!);
  }
  return "unknown";
}

/** In a boundary project of the level sweep, only the tests with a boundary at its level are registered. */
function inFocus(d: Descriptor, focus: number | null | undefined): boolean {
  return focus === null || focus === undefined || boundariesOf(d).has(focus);
}

/**
 * Declares a test of one or more catalog clauses. The first clause is primary: its level gates where the test
 * runs (see Gate) and its words head every failure.
 *
 *   behaviour("fl174.messages.direct-type", "type=direct sends a direct message", { needs: ["member"] }, async (t) => { … });
 */
export function behaviour(clauses: string | string[], title: string, options: BehaviourOptions, run: (t: TestContext) => Promise<void>): Descriptor;
export function behaviour(clauses: string | string[], title: string, run: (t: TestContext) => Promise<void>): Descriptor;
export function behaviour(
  clauses: string | string[],
  title: string,
  optionsOrRun: BehaviourOptions | ((t: TestContext) => Promise<void>),
  maybeRun?: (t: TestContext) => Promise<void>,
): Descriptor {
  const options = typeof optionsOrRun === "function" ? {} : optionsOrRun;
  const run = typeof optionsOrRun === "function" ? optionsOrRun : maybeRun!;
  const ids = typeof clauses === "string" ? [clauses] : clauses;
  const d: Descriptor = {
    id: `${ids[0]}#${slug(title)}`,
    title,
    file: callerFile(),
    clauses: ids,
    gate: options.gate ?? "since",
    gateLevels: [],
    needs: options.needs ?? [],
    mutates: options.mutates ?? true,
    run,
  };
  if (options.from !== undefined) {
    if (!ids.includes(options.from)) throw new Error(`behaviour ${d.id}: from '${options.from}' must be one of its clauses`);
    d.from = options.from;
  }
  registry.descriptors.push(d);
  if (vitest && !registry.collecting && inFocus(d, vitest.inject("sweepFocus"))) {
    vitest.test(`${title} [${ids.join(", ")}]`, async (ctx) => {
      const target = vitest.inject("target");
      const outcome = await runBehaviour(d, target);
      const [meta] = applyExpectations([toTestMeta(d, outcome)], vitest.inject("expectations"));
      ctx.task.meta.conformance = meta!;
      if (vitest.inject("allure")) await (await import("../report/allure.ts")).describeForAllure(meta!, target);
      if (meta!.status === "pass") return;
      // n/a, skipped and known deviations carry their reason (the level, the missing persona, the expectations
      // entry) into vitest's skip note.
      if (meta!.status === "n/a" || meta!.status === "skipped" || meta!.status === "expected-fail") ctx.skip(`${meta!.status}: ${meta!.message ?? ""}`);
      const err = new Error(`${meta!.status.toUpperCase()}: ${meta!.message ?? ""}`);
      // A target that does not conform is an assertion failure (Allure: failed); blocked and harness errors keep
      // the plain name (Allure: broken), since they say the test could not judge.
      if (meta!.status === "fail" || meta!.status === "unexpected-pass") err.name = "AssertionError";
      err.stack = err.message;
      throw err;
    });
  }
  return d;
}
