import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";
import { startProxy, type Proxy } from "../../src/proxy/proxy.ts";
import { startSibling } from "../../src/target/sibling.ts";
import type { TargetInfo } from "../../src/target/target.ts";
import { client } from "./drive.ts";

/**
 * Throw-away organizations through the proxy (issue 22, item 6): the reference control starts a sibling server on
 * a port of its own; the proxy answers the control's `organization` with a URL of its own for it, checks the
 * sibling's traffic into the same session, and passes `organization/close` on with the sibling's real URL. The
 * harness's own startSibling (src/target/sibling.ts) is the client, as in a run through the proxy.
 */
describe("a throw-away organization started through the proxy is proxied too", () => {
  let server: ReferenceServer;
  let proxy: Proxy;

  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: 372, port: 0, faults: ["fl153.errors.error-envelope"] });
    proxy = await startProxy({ target: server.url });
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  const viaProxy = (): TargetInfo => ({
    kind: "url",
    url: proxy.url,
    featureLevel: 372,
    product: "chat",
    personas: server.personas,
    runId: "ccorg",
    notes: [],
    serverConfig: server.serverConfig,
  });

  it("its URL is the proxy's, its traffic is checked (a fault the sibling inherits is found), and it closes", async () => {
    const sibling = await startSibling(viaProxy());
    const proxied = new URL(sibling.target.url);
    expect(proxied.hostname).toBe("127.0.0.1");
    expect(proxied.port).not.toBe(new URL(proxy.url).port);
    // The sibling's port is not the proxied one: the control's own answer named another.
    const open = [...server.runtime.control.organizations["open"].keys()] as number[];
    expect(open).toHaveLength(1);
    expect(String(open[0])).not.toBe(proxied.port);

    const before = proxy.results().partial!.reasons[0]!;
    const { call } = client(sibling.target.url, sibling.target.personas.member!);
    expect((await call("GET", "/users/me")).status).toBe(200);
    // The sibling has its parent's faults: its 404 breaks the envelope, and the proxy sees it.
    expect((await call("GET", "/no_such_endpoint")).status).toBe(404);
    await proxy.settled();
    expect(proxy.findings.map((f) => f.clause)).toContain("fl153.errors.error-envelope");
    expect(proxy.findings.find((f) => f.clause === "fl153.errors.error-envelope")?.exchange.url).toContain(`:${open[0]}/api/v1/no_such_endpoint`);
    expect(proxy.results().partial!.reasons[0]).not.toBe(before);

    await sibling.close();
    expect(server.runtime.control.organizations["open"].size).toBe(0);
  });
});
