import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** An HTTP listener the harness runs for a server under test to post to (outgoing webhooks, a push bouncer). */
export interface JsonListener {
  /** http://host:port, the address the target is given. */
  origin: string;
  /** What the listener answers every post with (a JSON body); may change while the test runs. */
  reply: unknown;
  /** The next body posted (already received or still to come), parsed as JSON when it is; null when the budget ends first. */
  next(budgetMs: number): Promise<unknown>;
  close(): Promise<void>;
}

/** Listens on `bind` (an ephemeral port) and is reached at `host`; every request's body is kept, in order. */
export async function startJsonListener(host: string, bind: string, reply: unknown): Promise<JsonListener> {
  const bodies: unknown[] = [];
  const waiters: Array<(body: unknown) => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(listener.reply));
      const waiter = waiters.shift();
      if (waiter) waiter(body);
      else bodies.push(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, bind, resolve));
  const { port } = server.address() as AddressInfo;
  const listener: JsonListener = {
    origin: `http://${host}:${port}`,
    reply,
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
  return listener;
}
