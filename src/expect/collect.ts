import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Descriptor } from "./descriptor.ts";
import { registry } from "./registry.ts";
import type { SuiteInfo } from "./suite-info.ts";
import { catalog } from "../catalog/catalog.ts";
import { CODE_EXT, CODE_ROOT } from "../layout.ts";

const SUITES = join(CODE_ROOT, "suites");

function suiteFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return suiteFiles(p);
      return name.endsWith(`.test.${CODE_EXT}`) ? [p] : [];
    });
}

/** The levels a test's gate names: where it starts (and stops) running. */
function gateLevels(d: Descriptor): number[] {
  const c = catalog().clause(d.clauses[0]!);
  const from = d.from !== undefined ? [catalog().mustClause(d.from).level] : [];
  if (!c || d.gate === "always") return from;
  if (d.gate === "before") return [...from, c.level];
  return c.until === undefined ? [...from, c.level] : [...from, c.level, c.until];
}

let collected: Promise<Descriptor[]> | undefined;

/** Imports every suite file in collect mode and returns the descriptors (once per process). */
export function collectTests(): Promise<Descriptor[]> {
  collected ??= (async () => {
    registry.collecting = true;
    try {
      for (const f of suiteFiles(SUITES)) await import(pathToFileURL(f).href);
    } finally {
      registry.collecting = false;
    }
    for (const d of registry.descriptors) d.gateLevels = gateLevels(d);
    return registry.descriptors;
  })();
  return collected;
}

/** Every suite file's declaration (its defineSuite), from importing them in collect mode. */
export async function collectSuites(): Promise<SuiteInfo[]> {
  await collectTests();
  return registry.suites;
}
