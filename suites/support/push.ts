import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ApiClient } from "../../src/client/client.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { startJsonListener, type JsonListener } from "./json-listener.ts";
import { BlockedError } from "../../src/expect/failure.ts";

/**
 * The push bouncer's API (/api/v1/remotes/...) exists only on a bouncer: a target serves it when it says so
 * (serverConfig.pushBouncer, which the reference server sets); elsewhere the test is blocked, never failed.
 */
export function bouncerApi(t: TestContext): ApiClient {
  if (t.target.serverConfig?.pushBouncer !== true) throw new BlockedError("needs a push bouncer: the target does not declare serverConfig.pushBouncer");
  return t.api(null);
}

/** Fresh credentials and a fresh hostname for a self-hosted server registering with the bouncer. */
export function newRemoteServer(hostname = `h${randomBytes(6).toString("hex")}.example.com`): { chat_org_id: string; chat_org_key: string; hostname: string; contact_email: string } {
  return { chat_org_id: randomUUID(), chat_org_key: randomBytes(32).toString("hex"), hostname, contact_email: `admin@${hostname.replace(/:\d+$/, "")}` };
}

/**
 * A stand-in self-hosted server that answers every request with `{verification_secret}` (the page the bouncer
 * reads during a registration transfer) and records the paths asked for. The target must reach the harness: the
 * embedded reference server reaches 127.0.0.1; another target needs CC_HARNESS_HOST, or the test is blocked.
 */
export interface VerifyPage {
  /** host:port, as the target reaches it. */
  hostname: string;
  /** The secret the page answers with (set once the bouncer has given it). */
  secret: string;
  paths: string[];
  close(): Promise<void>;
}

export async function startVerifyPage(t: TestContext): Promise<VerifyPage> {
  const host = process.env.CC_HARNESS_HOST ?? (t.target.kind === "reference" ? "127.0.0.1" : undefined);
  if (host === undefined) throw new BlockedError("the target cannot reach the harness: set CC_HARNESS_HOST to the harness's address as the target sees it");
  const paths: string[] = [];
  let page: VerifyPage | undefined;
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? "");
    req.resume();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ result: "success", msg: "", verification_secret: page?.secret ?? "" }));
  });
  await new Promise<void>((resolve) => server.listen(0, process.env.CC_HARNESS_HOST ? "0.0.0.0" : "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  page = {
    hostname: `${host}:${port}`,
    secret: "",
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return page;
}

/**
 * The harness as the target's push bouncer: records each JSON body posted to it (any path; servers post to
 * /api/v1/remotes/push/notify) and answers `reply`; `origin` is its base URL, for the server's pushBouncerUrl.
 * Only an embedded reference server can be pointed at it.
 */
export type BouncerStub = JsonListener;

export async function startBouncerStub(t: TestContext): Promise<BouncerStub> {
  if (t.target.kind !== "reference") throw new BlockedError("needs a target that posts its push notifications to a bouncer the harness runs; only the embedded reference server is set up so");
  return startJsonListener("127.0.0.1", "127.0.0.1", { result: "success", msg: "" });
}
