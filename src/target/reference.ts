import { createReferenceServer, type ReferenceServer, type ReferenceServerOptions } from "../../reference-server/server.ts";
import { detectTarget } from "./detect.ts";
import type { Personas } from "./personas.ts";
import type { TargetInfo } from "./target.ts";

type ServerConfig = NonNullable<TargetInfo["serverConfig"]>;

/**
 * What a reference server declares about itself beyond its API: the server settings no API reads, the push
 * bouncer it serves, and its control's secret. `serve --json` prints it; a run against it reads it back.
 */
export function referenceServerConfig(server: ReferenceServer): ServerConfig {
  return { ...server.serverConfig };
}

/** A reference server started from code: where it listens, its accounts, what it declares, and how to stop it. */
export interface StartedReferenceServer {
  url: string;
  featureLevel: number;
  personas: Personas;
  serverConfig: ServerConfig;
  close(): Promise<void>;
}

/**
 * Starts a reference server that behaves as a server at `featureLevel` (153–372, default 372) would.
 *
 *   const server = await startReferenceServer({ featureLevel: 241 });
 *   // point a client at server.url, log in as server.personas.member
 *   await server.close();
 */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<StartedReferenceServer> {
  const server = await createReferenceServer(options);
  return { url: server.url, featureLevel: server.featureLevel, personas: server.personas as Personas, serverConfig: referenceServerConfig(server), close: () => server.close() };
}

/** Starts the embedded reference server and describes it as a target (detected like any other). */
export async function startReferenceTarget(options: ReferenceServerOptions): Promise<{ target: TargetInfo; close: () => Promise<void> }> {
  const server = await createReferenceServer({ heartbeatMs: 2_000, ...options });
  try {
    const target = await detectTarget({ kind: "reference", url: server.url, personas: server.personas as Personas });
    target.referenceFaults = options.faults ?? [];
    target.serverConfig = referenceServerConfig(server);
    // It runs in the harness's own process: it reaches the harness's listeners on the loopback address.
    target.harnessHost = "127.0.0.1";
    return { target, close: () => server.close() };
  } catch (e) {
    await server.close();
    throw e;
  }
}
