import { createReferenceServer, type ReferenceServerOptions } from "../../reference-server/server.ts";
import { connectTarget } from "./remote.ts";
import type { Personas } from "./personas.ts";
import type { TargetInfo } from "./target.ts";

type ServerConfig = NonNullable<TargetInfo["serverConfig"]>;

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
  return {
    url: server.url,
    featureLevel: server.featureLevel,
    personas: server.personas as Personas,
    serverConfig: { ...server.serverConfig },
    close: () => server.close(),
  };
}

/** Starts the embedded reference server and describes it as a target (detected like any other). */
export async function startReferenceTarget(options: ReferenceServerOptions): Promise<{ target: TargetInfo; close: () => Promise<void> }> {
  const server = await createReferenceServer({ heartbeatMs: 2_000, ...options });
  try {
    // It runs in the harness's own process: it reaches the harness's listeners on the loopback address.
    const target = await connectTarget(
      { url: server.url, personas: server.personas as Personas, serverConfig: { ...server.serverConfig }, harnessHost: "127.0.0.1" },
      "reference",
    );
    return { target, close: () => server.close() };
  } catch (e) {
    await server.close();
    throw e;
  }
}
