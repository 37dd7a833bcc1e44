import { detectTarget } from "./detect.ts";
import type { Personas } from "./personas.ts";
import type { TargetInfo } from "./target.ts";

/** A server to run against: its URL, one account per role, and what it declares about itself. */
export interface RemoteTarget {
  url: string;
  personas: Personas;
  /** Server configuration the API cannot read (the `serverConfig` of `serve --json`'s line). */
  serverConfig?: TargetInfo["serverConfig"];
  /** Test as if the server were at this level, whatever it reports. */
  assumeFl?: number;
  /** The harness's address as this server reaches it (see ConformanceOptions.harnessHost). */
  harnessHost?: string;
}

/** Detects a remote server's level and product, and adds what it declares beside its personas. */
export async function connectTarget(t: RemoteTarget, kind: TargetInfo["kind"] = "url"): Promise<TargetInfo> {
  const target = await detectTarget({ kind, url: t.url, personas: t.personas, ...(t.assumeFl !== undefined ? { assumeFl: t.assumeFl } : {}) });
  if (t.serverConfig) target.serverConfig = t.serverConfig;
  if (t.harnessHost !== undefined) target.harnessHost = t.harnessHost;
  return target;
}
