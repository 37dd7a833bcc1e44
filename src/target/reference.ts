import { createReferenceServer, type ReferenceServerOptions } from "../../reference-server/server.ts";
import { detectTarget } from "./detect.ts";
import type { Personas } from "./personas.ts";
import type { TargetInfo } from "./target.ts";

/** Starts the embedded reference server and describes it as a target (detected like any other). */
export async function startReferenceTarget(options: ReferenceServerOptions): Promise<{ target: TargetInfo; close: () => Promise<void> }> {
  const server = await createReferenceServer({ heartbeatMs: 2_000, ...options });
  try {
    const target = await detectTarget({ kind: "reference", url: server.url, personas: server.personas as Personas });
    // --- realm (session 2) ---
    target.referenceFaults = options.faults ?? [];
    // --- presence ---
    target.serverConfig = { canAccessAllUsersGroupLimitsPresence: server.runtime.config.canAccessAllUsersGroupLimitsPresence };
    // --- authentication ---
    if (server.jwtKey !== null) target.serverConfig.jwtKey = server.jwtKey;
    // --- push ---
    target.serverConfig.pushBouncer = true;
    if (server.runtime.config.pushBouncerUrl !== null) target.serverConfig.pushBouncerUrl = server.runtime.config.pushBouncerUrl;
    // --- reference control ---
    target.serverConfig.referenceControl = server.runtime.control.secret;
    return { target, close: () => server.close() };
  } catch (e) {
    await server.close();
    throw e;
  }
}
