/**
 * The raw baseline: a bare node:http server, in its own process like the reference server, answering every request
 * with exactly the status, headers and body bytes it was given (what the reference server answered to the same
 * request). Its throughput is the ceiling node itself sets on this machine.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

let answer = { status: 200, headers: {} as Record<string, string>, body: Buffer.alloc(0) };
const server = createServer((req, res) => {
  // Read (and drop) a request body, as the reference server does before it answers.
  req.resume();
  req.on("end", () => {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, "127.0.0.1", () => process.send!({ id: 0, body: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
process.on("message", (msg: { id: number; status: number; headers: Record<string, string>; body: string }) => {
  answer = { status: msg.status, headers: msg.headers, body: Buffer.from(msg.body, "base64") };
  process.send!({ id: msg.id, body: "ok" });
});
process.on("disconnect", () => process.exit(0));
