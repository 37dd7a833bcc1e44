import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { PersonaRole } from "../target/personas.ts";
import { CODE_ROOT, suiteSourceName } from "../layout.ts";
import { declareBehaviour } from "./behaviour.ts";
import type { TestContext } from "./context.ts";
import type { Descriptor, SuiteBehaviourOptions } from "./descriptor.ts";
import { registry } from "./registry.ts";
import type { SuiteInfo } from "./suite-info.ts";

/** What a suite file says once for all its tests (see SuiteInfo); each is off, or none, unless given. */
export interface SuiteOptions {
  needs?: PersonaRole[];
  isolated?: boolean;
  waiting?: boolean;
}

/** Declares a test of the suite (see declareBehaviour). */
export type Behaviour = (clauses: string | string[], title: string, options: SuiteBehaviourOptions, run: (t: TestContext) => Promise<void>) => Descriptor;

/** A suite file's declaration, and the way its tests are declared (also by the modules it hands itself to). */
export interface Suite extends SuiteInfo {
  behaviour: Behaviour;
}

/** The suite file of a module URL, under the source name reports use ("suites/x/y.test.ts"). */
function suiteFileOf(url: string): string {
  const file = suiteSourceName(relative(CODE_ROOT, fileURLToPath(url)).split(sep).join("/"));
  if (!/^suites\/.+\.test\.ts$/.test(file)) throw new Error(`defineSuite: ${url} is not a suite file (suites/**/*.test.ts)`);
  return file;
}

/**
 * Declares the suite file `url` (its import.meta.url) and what its tests share:
 *
 *   const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });
 *   behaviour("fl174.messages.direct-type", "type=direct sends a direct message", { id: "fl174.messages.direct-type#…" }, async (t) => { … });
 */
export function defineSuite(url: string, options: SuiteOptions = {}): Suite {
  const info: SuiteInfo = { file: suiteFileOf(url), needs: options.needs ?? [], isolated: options.isolated ?? false, waiting: options.waiting ?? false };
  registry.suites.push(info);
  return { ...info, behaviour: (clauses, title, o, run) => declareBehaviour(info, clauses, title, o, run) };
}
