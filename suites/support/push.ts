import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ApiClient } from "../../src/client/client.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { startJsonListener, type JsonListener } from "./json-listener.ts";
import { UnverifiableError } from "../../src/expect/failure.ts";
import { harnessAddress } from "./harness-address.ts";
import { needThrowaway } from "./throwaway.ts";

/**
 * The push bouncer's API (/api/v1/remotes/...) exists only on a bouncer: a target serves it when it says so
 * (serverConfig.pushBouncer, which the reference server sets); elsewhere the test is not verifiable, never failed.
 */
export function bouncerApi(t: TestContext): ApiClient {
  if (t.target.serverConfig?.pushBouncer !== true) {
    throw new UnverifiableError({
      reason: "needs a push bouncer: the target does not declare that it serves the bouncer's API (/api/v1/remotes/...)",
      remedy: "set serverConfig.pushBouncer to true in the personas file, if the target is a push bouncer",
    });
  }
  return t.api(null);
}

/** Fresh credentials and a fresh hostname for a self-hosted server registering with the bouncer. */
export function newRemoteServer(hostname = `h${randomBytes(6).toString("hex")}.example.com`): {
  chat_org_id: string;
  chat_org_key: string;
  hostname: string;
  contact_email: string;
} {
  return { chat_org_id: randomUUID(), chat_org_key: randomBytes(32).toString("hex"), hostname, contact_email: `admin@${hostname.replace(/:\d+$/, "")}` };
}

/**
 * A stand-in self-hosted server that answers every request with `{verification_secret}` (the page the bouncer
 * reads during a registration transfer) and records the paths asked for. The target must reach the harness
 * (harness-address.ts), or the test is not verifiable here.
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
  const { host, bind } = harnessAddress(t);
  const paths: string[] = [];
  let page: VerifyPage | undefined;
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? "");
    req.resume();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ result: "success", msg: "", verification_secret: page?.secret ?? "" }));
  });
  await new Promise<void>((resolve) => server.listen(0, bind, resolve));
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
 * Only a throw-away reference server can be pointed at it (no API sets a server's bouncer), and it must reach the
 * harness: without either the test is not verifiable here.
 */
export type BouncerStub = JsonListener;

export async function startBouncerStub(t: TestContext): Promise<BouncerStub> {
  needThrowaway(t);
  const { host, bind } = harnessAddress(t);
  return startJsonListener(host, bind, { result: "success", msg: "" });
}
