/**
 * The raw baseline of the event fan-out (section 7): a bare node:http server, in its own process like the reference
 * server, that holds every request as a long-poll until a POST /trigger arrives, then answers each held request
 * with the same fixed status, headers and body bytes (what the reference server answered to one poll) and the
 * trigger last (`polls` over IPC counts the held requests). What the machine allows for that many HTTP answers at once, measured by the bench's same client.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

let answer = { status: 200, headers: {} as Record<string, string>, body: Buffer.alloc(0) };
let held: ServerResponse[] = [];
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    if (req.url !== "/trigger") {
      held.push(res);
      return;
    }
    const polls = held;
    held = [];
    for (const r of polls) {
      r.writeHead(answer.status, answer.headers);
      r.end(answer.body);
    }
    res.writeHead(200, { "content-type": "application/json", "content-length": 2 });
    res.end("{}");
  });
});
server.keepAliveTimeout = 60_000;
server.headersTimeout = 0;
server.requestTimeout = 0;
server.listen(0, "127.0.0.1", () => process.send!({ id: 0, body: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
process.on("message", (msg: { id: number; cmd?: "polls"; status: number; headers: Record<string, string>; body: string }) => {
  if (msg.cmd === "polls") {
    process.send!({ id: msg.id, body: held.length });
    return;
  }
  answer = { status: msg.status, headers: msg.headers, body: Buffer.from(msg.body, "base64") };
  process.send!({ id: msg.id, body: "ok" });
});
process.on("disconnect", () => process.exit(0));
