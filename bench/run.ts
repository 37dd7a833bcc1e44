/**
 * `npm run bench`: the reference server's speed, each figure beside a baseline measured in the same run.
 *  1. GET /messages in a topic narrow over a large history, against a full scan of every message for the same page
 *     (what the indexes save);
 *  2. POST /messages over HTTP, against GET /server_settings (the cost of the wire layer alone).
 * Figures only: no thresholds, so a slow machine never fails a build.
 */
import { Agent, request } from "undici";
import { createReferenceServer } from "../reference-server/server.ts";

const HISTORY = Number(process.env.BENCH_MESSAGES ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);

const server = await createReferenceServer({ heartbeatMs: 1000 });
const { store } = server.runtime;
const member = server.personas.member!;
const auth = `Basic ${Buffer.from(`${member.email}:${member.apiKey}`).toString("base64")}`;
let agent = new Agent({ connections: 8 });

async function call(method: "GET" | "POST", path: string, body?: string): Promise<unknown> {
  const res = await request(`${server.url}/api/v1${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body,
    dispatcher: agent,
  });
  return res.body.json();
}

async function time(label: string, rounds: number, fn: (i: number) => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < Math.min(20, rounds); i++) await fn(i);
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await fn(i);
  const perOp = (performance.now() - started) / rounds;
  console.log(`  ${label.padEnd(58)} ${perOp.toFixed(3).padStart(9)} ms/op  ${(1000 / perOp).toFixed(0).padStart(8)} op/s`);
  return perOp;
}

const general = store.channelByName("general")!;
console.log(`seeding ${HISTORY} messages in 50 topics of #general …`);
for (let i = 0; i < HISTORY; i++) {
  await call("POST", "/messages", new URLSearchParams({ type: "stream", to: String(general.id), topic: `topic ${i % 50}`, content: `message ${i}` }).toString());
}
const narrow = encodeURIComponent(JSON.stringify([{ operator: "channel", operand: general.id }, { operator: "topic", operand: "topic 7" }]));

console.log("\n1. a page of 50 messages in one topic (of 50) of a channel");
const indexed = await time("GET /messages (topic index, binary search)", ROUNDS, () => call("GET", `/messages?anchor=newest&num_before=50&num_after=0&narrow=${narrow}`));
const scan = await time("baseline: full scan of every message for the same page", ROUNDS, () => {
  const page = [...store.messages.values()].filter((m) => m.channelId === general.id && m.topic === "topic 7").slice(-50);
  if (page.length !== 50) throw new Error("baseline found the wrong page");
});
console.log(`  → the indexed HTTP request takes ${(indexed / scan).toFixed(2)}× the in-process full scan alone`);

// The baseline's in-process scan blocks the event loop for seconds, past the server's keep-alive timeout: start
// section 2 on fresh connections rather than on sockets the server is closing.
await agent.close();
agent = new Agent({ connections: 8 });
console.log("\n2. the wire layer");
const send = await time("POST /messages", ROUNDS, (i) => call("POST", "/messages", new URLSearchParams({ type: "stream", to: "general", topic: "bench", content: `bench ${i}` }).toString()));
const settings = await time("baseline: GET /server_settings", ROUNDS, () => call("GET", "/server_settings"));
console.log(`  → sending a message costs ${(send / settings).toFixed(2)}× the lightest request`);
console.log(`\nmemory: ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MiB heap with ${store.messages.size} messages`);

await server.close();
await agent.close();
