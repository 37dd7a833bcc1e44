import { startSibling, type Sibling } from "../target/sibling.ts";
import type { TargetInfo } from "../target/target.ts";
import { registry } from "./registry.ts";
import { suiteInfos } from "./test-index.ts";

/** The suite files that declare themselves isolated (SuiteInfo.isolated), under their source names. */
export async function isolatedSuites(): Promise<string[]> {
  return (await suiteInfos()).filter((s) => s.isolated).map((s) => s.file);
}

/** Whether a suite file declared itself isolated; known once it has been imported (collectTests, or its own tests). */
export const isIsolated = (file: string): boolean => registry.suites.some((s) => s.file === file && s.isolated);

/** The organizations of this worker's isolated files, by file: started by the file's first test, closed after its last. */
const OWN = new Map<string, Promise<Sibling>>();

/** The organization an isolated file's tests run against: started on first use from the run's target. */
export async function organizationOf(file: string, target: TargetInfo): Promise<TargetInfo> {
  let sibling = OWN.get(file);
  if (!sibling) OWN.set(file, (sibling = startSibling(target)));
  return (await sibling).target;
}

/** Closes an isolated file's organization once its tests are done (never throws: the run closes every sibling anyway). */
export async function closeOrganizationOf(file: string): Promise<void> {
  const sibling = OWN.get(file);
  OWN.delete(file);
  await sibling?.then((s) => s.close()).catch(() => undefined);
}
