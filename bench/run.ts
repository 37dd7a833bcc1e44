/**
 * `npm run bench`: the reference server's speed, each figure beside a baseline measured in the same run.
 *  1. GET /messages in a topic narrow over a large history, against a full scan of every message for the same page
 *     (what the indexes save);
 *  2. POST /messages over HTTP, against GET /server_settings (the cost of the wire layer alone);
 *  3. memory: resident and heap before and after 10,000 POST /register calls and with 100 GET /events long-polls
 *     open, per queue and per poll, against the size of one register answer (what a queue keeping its client's
 *     initial state would hold at the least).
 * Figures only: no thresholds, so a slow machine never fails a build.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Agent, request } from "undici";
import { createReferenceServer } from "../reference-server/server.ts";

const HISTORY = Number(process.env.BENCH_MESSAGES ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const QUEUES = Number(process.env.BENCH_QUEUES ?? 10_000);
const POLLS = Math.min(100, QUEUES);

// Memory figures mean what is still reachable: a full collection before each reading (gc, which node hides unless
// its flag is set before the first context asks for it).
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

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

console.log(`\n3. memory of event queues (a fresh server; both ends of every request in this process)`);
const MIB = 1024 * 1024;
function memory(): { rss: number; heap: number } {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
}
const show = (label: string, m: { rss: number; heap: number }) =>
  console.log(`  ${label.padEnd(58)} ${(m.rss / MIB).toFixed(1).padStart(9)} MiB rss  ${(m.heap / MIB).toFixed(1).padStart(8)} MiB heap`);
// Per item in heap only: the resident size follows the allocator, which keeps and returns pages as it likes.
const perItem = (label: string, from: { heap: number }, to: { heap: number }, n: number) =>
  console.log(`  ${label.padEnd(58)} ${((to.heap - from.heap) / n).toFixed(0).padStart(9)} B heap`);

const fresh = await createReferenceServer({ heartbeatMs: 3_600_000 });
const freshMember = fresh.personas.member!;
const freshAuth = `Basic ${Buffer.from(`${freshMember.email}:${freshMember.apiKey}`).toString("base64")}`;
const registerAgent = new Agent({ connections: 8 });
async function register(): Promise<{ queueId: string; bytes: number }> {
  const res = await request(`${fresh.url}/api/v1/register`, { method: "POST", headers: { authorization: freshAuth }, dispatcher: registerAgent });
  const text = await res.body.text();
  return { queueId: (JSON.parse(text) as { queue_id: string }).queue_id, bytes: Buffer.byteLength(text) };
}
const { bytes: stateBytes } = await register();
const before = memory();
show("before (sections 1 and 2's server is still in memory)", before);
const queueIds: string[] = [];
const started = performance.now();
for (let i = 0; i < QUEUES; i += 8) {
  const batch = await Promise.all(Array.from({ length: Math.min(8, QUEUES - i) }, () => register()));
  queueIds.push(...batch.map((b) => b.queueId));
}
const registerMs = (performance.now() - started) / QUEUES;
const registered = memory();
show(`after ${QUEUES} POST /register (${registerMs.toFixed(2)} ms each)`, registered);

const pollAgent = new Agent({ connections: POLLS + 1 });
const polls = queueIds.slice(0, POLLS).map((id) =>
  request(`${fresh.url}/api/v1/events?queue_id=${encodeURIComponent(id)}&last_event_id=-1`, { headers: { authorization: freshAuth }, dispatcher: pollAgent, bodyTimeout: 0, headersTimeout: 0 }).then((r) => r.body.json()),
);
const waiting = () => queueIds.slice(0, POLLS).filter((id) => fresh.runtime.queues.get(id, freshMember.userId)?.connected === 1).length;
while (waiting() < POLLS) await new Promise((resolve) => setTimeout(resolve, 20));
const polling = memory();
show(`with ${POLLS} GET /events long-polls open`, polling);
perItem("per queue", before, registered, QUEUES);
perItem("per open long-poll (with its client's request)", registered, polling, POLLS);
console.log(`  ${"baseline: one register answer (the initial state), as JSON".padEnd(58)} ${String(stateBytes).padStart(9)} B`);
console.log(`  → a queue holds ${(((registered.heap - before.heap) / QUEUES / stateBytes) * 100).toFixed(1)}% of its initial state's size`);
const closing = performance.now();
await fresh.close();
await Promise.all(polls);
console.log(`  close() with ${POLLS} long-polls open, each answered with its heartbeat: ${(performance.now() - closing).toFixed(0)} ms`);
await registerAgent.close();
await pollAgent.close();
