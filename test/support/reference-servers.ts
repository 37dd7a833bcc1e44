import { afterEach } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

/**
 * Reference servers for one test file, each started on a free port and closed after the test that started it, so
 * that a test's organization never leaks into the next one's. Call at the file's top level.
 */
export function serversPerTest(): (featureLevel: number, product: "chat" | "zulip") => Promise<ReferenceServer> {
  const opened: ReferenceServer[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  return async (featureLevel, product) => {
    const server = await createReferenceServer({ featureLevel, product, port: 0 });
    opened.push(server);
    return server;
  };
}
