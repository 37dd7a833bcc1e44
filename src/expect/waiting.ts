import { suiteInfos } from "./test-index.ts";

/** The suite files that declare that they mostly wait (SuiteInfo.waiting), under their source names: `run` starts them first. */
export async function waitingSuites(): Promise<string[]> {
  return (await suiteInfos()).filter((s) => s.waiting).map((s) => s.file);
}
