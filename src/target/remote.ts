import { detectTarget } from "./detect.ts";
import type { Organization, Personas } from "./personas.ts";
import { checkPersonas } from "./preflight.ts";
import type { TargetInfo } from "./target.ts";

/** A server to run against: its URL, one account per role, and what it declares about itself. */
export interface RemoteTarget {
  url: string;
  personas: Personas;
  /** Server configuration the API cannot read (the `serverConfig` of `serve --json`'s line). */
  serverConfig?: TargetInfo["serverConfig"];
  /** What the suites assume of the organization (the personas file's `organization`: the channel they share). */
  organization?: Organization;
  /** Test as if the server were at this level, whatever it reports. */
  assumeFl?: number;
  /** The harness's address as this server reaches it (see ConformanceOptions.harnessHost). */
  harnessHost?: string;
  /**
   * Check every persona against the server first (src/target/preflight.ts): a PersonaCheckError, one line per
   * problem, instead of tests that fail for the personas file's sake. Default: on, except for the embedded
   * reference server, whose personas are its own.
   */
  checkPersonas?: boolean;
}

/** Detects a remote server's level and product, checks its personas, and adds what it declares beside them. */
export async function connectTarget(t: RemoteTarget, kind: TargetInfo["kind"] = "url"): Promise<TargetInfo> {
  const target = await detectTarget({ kind, url: t.url, personas: t.personas, ...(t.assumeFl !== undefined ? { assumeFl: t.assumeFl } : {}) });
  if (t.checkPersonas ?? kind !== "reference")
    await checkPersonas({ url: target.url, product: target.product, personas: t.personas, ...(t.organization ? { organization: t.organization } : {}) });
  if (t.serverConfig) target.serverConfig = t.serverConfig;
  if (t.organization) target.organization = t.organization;
  if (t.harnessHost !== undefined) target.harnessHost = t.harnessHost;
  return target;
}
