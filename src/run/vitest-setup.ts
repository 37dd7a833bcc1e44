import type { TestProject } from "vitest/node";
import { settleHarnessHost } from "../target/harness-host.ts";
import { startReferenceTarget } from "../target/reference.ts";
import type { TargetInfo } from "../target/target.ts";
import { connectTarget, type RemoteTarget } from "../target/remote.ts";

export interface SetupOptions {
  /** The server your tests run against; omitted, an embedded reference server at `featureLevel`. */
  target?: RemoteTarget;
  /** The embedded reference server's level (153–372, default 372). */
  featureLevel?: number;
}

/**
 * A vitest globalSetup for your own version-aware tests: it starts (or detects) the target once and hands it to
 * every behaviour() in the project.
 *
 *   // conformance.setup.ts, named in vitest.config's test.globalSetup
 *   export default conformanceSetup({ featureLevel: 241 });
 */
export function conformanceSetup(o: SetupOptions = {}): (project: Pick<TestProject, "provide">) => Promise<() => Promise<void>> {
  return async ({ provide }) => {
    let target: TargetInfo;
    let close = async (): Promise<void> => undefined;
    if (o.target) {
      target = await connectTarget(o.target);
      await settleHarnessHost(target, undefined);
    } else {
      ({ target, close } = await startReferenceTarget(o.featureLevel !== undefined ? { featureLevel: o.featureLevel } : {}));
    }
    provide("target", target);
    return close;
  };
}
