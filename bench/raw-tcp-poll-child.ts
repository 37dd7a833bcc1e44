/**
 * The machine's floor for the event fan-out (section 7): a bare TCP server, no HTTP library at all, that holds each
 * request it reads as a long-poll and, when a POST /trigger arrives, writes to every held connection the same
 * answer as one buffer made beforehand (status line, headers and body: what the reference server answered to one
 * poll), then answers the trigger. Each answer costs one write call and nothing else: no server written in node
 * delivers to that many connections faster on this machine. It reads only what the bench's clients send: request
 * heads, and a body only as long as its content-length.
 */
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

let answer = Buffer.alloc(0);
let held: Socket[] = [];
const TRIGGERED = Buffer.from("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}");

function trigger(socket: Socket): void {
  const polls = held;
  held = [];
  for (const s of polls) if (!s.destroyed) s.write(answer);
  socket.write(TRIGGERED);
}

const server = createServer((socket) => {
  socket.setNoDelay(true);
  socket.on("error", () => socket.destroy());
  let pending: Buffer = Buffer.alloc(0);
  /** Body bytes of the current request still to skip. */
  let skip = 0;
  socket.on("data", (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (skip > 0) {
        const n = Math.min(skip, pending.length);
        pending = pending.subarray(n);
        skip -= n;
        if (skip > 0) return;
      }
      const end = pending.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = pending.toString("latin1", 0, end);
      pending = pending.subarray(end + 4);
      skip = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (head.startsWith("POST /trigger ")) trigger(socket);
      else held.push(socket);
    }
  });
});
server.listen(0, "127.0.0.1", () => process.send!({ id: 0, body: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
process.on("message", (msg: { id: number; cmd?: "polls"; status: number; headers: Record<string, string>; body: string }) => {
  if (msg.cmd === "polls") {
    process.send!({ id: msg.id, body: held.length });
    return;
  }
  const body = Buffer.from(msg.body, "base64");
  const headers = Object.entries({ ...msg.headers, "content-length": String(body.length) })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  answer = Buffer.concat([Buffer.from(`HTTP/1.1 ${msg.status} OK\r\n${headers}\r\n`, "latin1"), body]);
  process.send!({ id: msg.id, body: "ok" });
});
process.on("disconnect", () => process.exit(0));
