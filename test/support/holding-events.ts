import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A stub in front of `target` that answers every GET /events `holdMs` after the target did (forwarding all else at once). */
export async function holdingEvents(target: string, holdMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const held = req.method === "GET" && /^\/api\/v1\/events(\?|$)/.test(req.url ?? "");
    const body: Buffer[] = [];
    req.on("data", (c: Buffer) => body.push(c));
    req.on("end", () => {
      const up = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (c: Buffer) => chunks.push(c));
          answer.on("end", () => {
            const send = () => {
              if (res.destroyed) return;
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(chunks));
            };
            if (!held) return send();
            const timer = setTimeout(() => {
              timers.delete(timer);
              send();
            }, holdMs);
            timers.add(timer);
          });
        },
      );
      up.on("error", (e) => {
        if (!res.headersSent) res.writeHead(502);
        res.end(String(e));
      });
      up.end(Buffer.concat(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
