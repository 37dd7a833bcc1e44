import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BlockedError } from "../../src/expect/failure.ts";
import type { TestContext } from "../../src/expect/context.ts";

/** A one-test HTTP listener for outgoing-webhook payloads: collects each JSON body posted to it. */
export interface WebhookListener {
  url: string;
  /** The next body posted (already received or still to come); the budget ends the wait with null. */
  next(budgetMs: number): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Starts a listener the target can reach. The embedded reference server reaches 127.0.0.1; another target needs
 * CC_HARNESS_HOST, the harness's address as the target sees it, or the test is blocked.
 */
export async function startWebhookListener(t: TestContext): Promise<WebhookListener> {
  const host = process.env.CC_HARNESS_HOST ?? (t.target.kind === "reference" ? "127.0.0.1" : undefined);
  if (host === undefined) throw new BlockedError("the target cannot reach the harness: set CC_HARNESS_HOST to the harness's address as the target sees it");
  const bodies: unknown[] = [];
  const waiters: Array<(body: unknown) => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = Buffer.concat(chunks).toString("utf8");
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ response_not_required: true }));
      const waiter = waiters.shift();
      if (waiter) waiter(body);
      else bodies.push(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, process.env.CC_HARNESS_HOST ? "0.0.0.0" : "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/outgoing`,
    next: (budgetMs) =>
      bodies.length
        ? Promise.resolve(bodies.shift())
        : new Promise((resolve) => {
            const timer = setTimeout(() => resolve(null), budgetMs);
            waiters.push((body) => {
              clearTimeout(timer);
              resolve(body);
            });
          }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
