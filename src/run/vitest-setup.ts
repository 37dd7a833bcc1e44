import type { TestProject } from "vitest/node";
import { detectTarget } from "../target/detect.ts";
import { settleHarnessHost } from "../target/harness-host.ts";
import { startReferenceTarget } from "../target/reference.ts";
import type { TargetInfo } from "../target/target.ts";
import type { RemoteTarget } from "./conformance.ts";

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
      const t = o.target;
      target = await detectTarget({ kind: "url", url: t.url, personas: t.personas, ...(t.assumeFl !== undefined ? { assumeFl: t.assumeFl } : {}) });
      if (t.serverConfig) target.serverConfig = t.serverConfig;
      await settleHarnessHost(target, t.harnessHost);
    } else {
      ({ target, close } = await startReferenceTarget(o.featureLevel !== undefined ? { featureLevel: o.featureLevel } : {}));
    }
    provide("target", target);
    return close;
  };
}
