import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestInfo } from "./descriptor-info.ts";
import type { SuiteInfo } from "./suite-info.ts";
import { CODE_EXT, CODE_ROOT } from "../layout.ts";

/**
 * The suites' tests and files as data, for commands that show them without running any (`list`) and for `run`,
 * which must know how to run each file before it starts. Learning them means importing every suite file, about a
 * second; the build does it once and writes them beside the compiled suites. In the clone, or should those files
 * be missing, they are collected.
 */
const INDEX_FILE = join(CODE_ROOT, "suites", "tests.json");
const SUITES_FILE = join(CODE_ROOT, "suites", "suites.json");

const infoOf = (d: TestInfo): TestInfo => ({ id: d.id, title: d.title, file: d.file, clauses: [...d.clauses], gateLevels: [...d.gateLevels] });

async function collected(): Promise<TestInfo[]> {
  const { collectTests } = await import("./collect.ts");
  return (await collectTests()).map(infoOf);
}

const suiteInfoOf = (s: SuiteInfo): SuiteInfo => ({ file: s.file, needs: [...s.needs], isolated: s.isolated, waiting: s.waiting });

async function collectedSuites(): Promise<SuiteInfo[]> {
  const { collectSuites } = await import("./collect.ts");
  return (await collectSuites()).map(suiteInfoOf);
}

/** The index `file` of the compiled package, or undefined where there is none (the clone, a missing file). */
function indexed<T>(file: string): T | undefined {
  if (CODE_EXT !== "js") return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    // No index beside the suites: they are collected.
    return undefined;
  }
}

export async function testInfos(): Promise<TestInfo[]> {
  return indexed<TestInfo[]>(INDEX_FILE) ?? collected();
}

/** Every suite file's declaration (defineSuite). */
export async function suiteInfos(): Promise<SuiteInfo[]> {
  return indexed<SuiteInfo[]>(SUITES_FILE) ?? collectedSuites();
}

/** Writes the indexes from the suites of this layout (scripts/build.mjs, on the compiled package). */
export async function writeTestIndex(): Promise<number> {
  const tests = await collected();
  writeFileSync(INDEX_FILE, `${JSON.stringify(tests)}\n`);
  writeFileSync(SUITES_FILE, `${JSON.stringify(await collectedSuites())}\n`);
  return tests.length;
}
