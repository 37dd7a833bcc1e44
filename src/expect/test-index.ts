import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestInfo } from "./descriptor-info.ts";
import { CODE_EXT, CODE_ROOT } from "../layout.ts";

/**
 * The suites' tests as data, for commands that show them without running any (`list`). Learning them means
 * importing every suite file, about a second; the build does it once and writes them beside the compiled suites.
 * In the clone, or should that file be missing, they are collected.
 */
const INDEX_FILE = join(CODE_ROOT, "suites", "tests.json");

const infoOf = (d: TestInfo): TestInfo => ({ id: d.id, title: d.title, file: d.file, clauses: [...d.clauses], gateLevels: [...d.gateLevels] });

async function collected(): Promise<TestInfo[]> {
  const { collectTests } = await import("./collect.ts");
  return (await collectTests()).map(infoOf);
}

export async function testInfos(): Promise<TestInfo[]> {
  if (CODE_EXT === "js") {
    try {
      return JSON.parse(readFileSync(INDEX_FILE, "utf8")) as TestInfo[];
    } catch {
      // No index beside the suites: collect them.
    }
  }
  return collected();
}

/** Writes the index from the suites of this layout (scripts/build.mjs, on the compiled package). */
export async function writeTestIndex(): Promise<number> {
  const tests = await collected();
  writeFileSync(INDEX_FILE, `${JSON.stringify(tests)}\n`);
  return tests.length;
}
