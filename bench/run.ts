/**
 * `npm run bench`: the reference server's speed, each figure beside a baseline measured in the same run.
 *  1. GET /messages in a topic narrow over a large history, against a full scan of every message for the same page
 *     (what the indexes save);
 *  2. POST /messages over HTTP, against GET /server_settings (the cost of the wire layer alone);
 *  3. memory: resident and heap before and after 10,000 POST /register calls and with 100 GET /events long-polls
 *     open, per queue and per poll, against the size of one register answer (what a queue keeping its client's
 *     initial state would hold at the least).
 *  4. the single-file HTML report with 5,000 tests opened in Chromium (load and first frame, and its size), against
 *     an empty page (the browser's own cost); the goal is under a second.
 *  5–8. (load.ts) the server under a real load generator (autocannon, 100 connections), the server and a raw
 *     node:http baseline each in a child process: narrowed GET /messages over 100,000 messages, narrow cost and
 *     memory from 10,000 to 1,000,000 messages, event fan-out to 1,000 long-polls, POST /messages with 1,000
 *     queues and the memory of 10,000 registrations. The setup and the sizes (BENCH_SCALE, BENCH_LOAD_SECONDS)
 *     are described there.
 *  9. (proxy-overhead.ts) the validation proxy's added latency: the same requests direct to `serve` and through
 *     `proxy`, each in a child process, medians side by side with their ratio and difference.
 * 10. (cli-runs.ts) the CLI as installed: each command's start-up against node starting an empty script, and the
 *     conformance run's wall time, embedded and against `serve`, against the same run with the invariant off.
 * 11. (rate-limited-run.ts) the whole suite against `serve --rate-limit 200/60` (Zulip's default limits): its wall
 *     time beside the floor (the busiest persona's requests at that rate) and beside an unlimited serve; over ten
 *     minutes (BENCH_RATE_LIMIT=N/SECONDS scales it).
 * 12. (long-lived.ts) a long-lived server: the whole run against a fresh `serve` and against one holding 100,000
 *     messages with 10,000 unread per persona, in turn, and the ratio of their wall times.
 * 13. (sharded-sweep.ts) the full sweep (FL 153–372) in one process, then as 2 and as 4 shards side by side with
 *     their merge: each shard's wall time beside the time the equal-time split reckoned for it, the merge's time, and
 *     the worst shard against the mean. About 40 minutes on two cores, so it runs only when asked: BENCH_ONLY=sweep.
 * Figures only: no thresholds, so a slow machine never fails a build. BENCH_ONLY=load runs sections 5–8 alone
 * (BENCH_ONLY=5,7 some of them), BENCH_ONLY=proxy section 9, BENCH_ONLY=cli section 10, BENCH_ONLY=rate section 11,
 * BENCH_ONLY=history section 12, BENCH_ONLY=sweep section 13.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Agent, request } from "undici";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createReferenceServer } from "../reference-server/server.ts";
import { renderHtml } from "../src/report/html.ts";
import type { ResultStatus } from "../src/results/schema.ts";
import { results, tr } from "../test/report/fixtures.ts";
import { launchChromium, NO_CHROMIUM, type PageGlobals } from "../test/browser/chromium.ts";
import { runServerLoad } from "./load.ts";
import { proxyOverhead } from "./proxy-overhead.ts";
import { cliRuns } from "./cli-runs.ts";
import { longLivedRuns } from "./long-lived.ts";
import { rateLimitedRun } from "./rate-limited-run.ts";
import { shardedSweep } from "./sharded-sweep.ts";

const SWEEP_HEADING = "\n13. the sweep whole and in shards side by side (the built bin): each shard's time, the merge, worst against mean";
if (process.env.BENCH_ONLY === "sweep") {
  console.log(SWEEP_HEADING.trimStart());
  await shardedSweep();
  process.exit(0);
}

const HISTORY_HEADING = "\n12. a long-lived server: the whole run against a fresh serve and against one holding a history, in turn";
if (process.env.BENCH_ONLY === "history") {
  console.log(HISTORY_HEADING.trimStart());
  await longLivedRuns();
  process.exit(0);
}
const CLI_HEADING = "\n10. the CLI as installed (the built bin): start-up of each command, and the conformance run's wall time";
if (process.env.BENCH_ONLY === "cli") {
  console.log(CLI_HEADING.trimStart());
  await cliRuns();
  process.exit(0);
}
const RATE_HEADING = `\n11. the whole suite against serve --rate-limit ${process.env.BENCH_RATE_LIMIT ?? "200/60"}: wall time beside the floor`;
if (process.env.BENCH_ONLY === "rate") {
  console.log(RATE_HEADING.trimStart());
  await rateLimitedRun();
  process.exit(0);
}
if (process.env.BENCH_ONLY === "proxy") {
  console.log("9. the validation proxy's added latency (serve and proxy as the CLI runs them; the same request direct and proxied)");
  await proxyOverhead(Number(process.env.BENCH_ROUNDS ?? 400));
  process.exit(0);
}
if (process.env.BENCH_ONLY === "load" || /^[5-8](,[5-8])*$/.test(process.env.BENCH_ONLY ?? "")) {
  await runServerLoad();
  process.exit(0);
}

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
  await call(
    "POST",
    "/messages",
    new URLSearchParams({ type: "stream", to: String(general.id), topic: `topic ${i % 50}`, content: `message ${i}` }).toString(),
  );
}
const narrow = encodeURIComponent(
  JSON.stringify([
    { operator: "channel", operand: general.id },
    { operator: "topic", operand: "topic 7" },
  ]),
);

console.log("\n1. a page of 50 messages in one topic (of 50) of a channel");
const indexed = await time("GET /messages (topic index, binary search)", ROUNDS, () =>
  call("GET", `/messages?anchor=newest&num_before=50&num_after=0&narrow=${narrow}`),
);
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
const send = await time("POST /messages", ROUNDS, (i) =>
  call("POST", "/messages", new URLSearchParams({ type: "stream", to: "general", topic: "bench", content: `bench ${i}` }).toString()),
);
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
  request(`${fresh.url}/api/v1/events?queue_id=${encodeURIComponent(id)}&last_event_id=-1`, {
    headers: { authorization: freshAuth },
    dispatcher: pollAgent,
    bodyTimeout: 0,
    headersTimeout: 0,
  }).then((r) => r.body.json()),
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

console.log("\n4. the HTML report in Chromium (load and first frame; median of 5 openings, each in a fresh page)");
if (NO_CHROMIUM) console.log(`  skipped: ${NO_CHROMIUM}`);
else {
  const dir = mkdtempSync(join(tmpdir(), "cc-bench-report-"));
  const AREAS = ["server", "register", "events", "messages", "channels", "users", "groups", "realm"];
  // Like a real run: one test in fifty a failure with its message, curl line and two exchanges.
  const report = (problems: boolean) =>
    renderHtml(
      results(
        Array.from({ length: 5000 }, (_, i) => {
          const status: ResultStatus = problems && i % 50 === 0 ? "fail" : i % 9 === 0 ? "n/a" : "pass";
          const t = tr({
            id: `fl${153 + (i % 220)}.${AREAS[i % 8]}.case-${i}#test-${i}`,
            title: `test number ${i} checks one documented behaviour of the API`,
            status,
            level: 153 + (i % 220),
            area: AREAS[i % 8]!,
            clauses: [`fl${153 + (i % 220)}.${AREAS[i % 8]}.case-${i}`],
          });
          if (status !== "fail") return t;
          const url = "http://127.0.0.1:9991/api/v1/messages";
          return {
            ...t,
            message: `[${t.clauses[0]}] spec: The server answers with the documented shape.\n  want: HTTP 200 with result "success"\n  got:  400 (number)\n  exchange:\n    > POST ${url}\n    > type=stream&to=general&topic=t&content=hi\n    < 400 {"result":"error","msg":"Invalid","code":"BAD_REQUEST"}\n  reproduce: curl -sS -X POST '${url}' --data-raw 'type=stream&to=general&topic=t&content=hi'`,
            curl: `curl -sS -X POST '${url}' --data-raw 'type=stream&to=general&topic=t&content=hi'`,
            exchanges: [
              {
                method: "POST",
                url: "http://127.0.0.1:9991/api/v1/register",
                requestHeaders: {},
                status: 200,
                responseBody: JSON.stringify({ result: "success", queue_id: "q", last_event_id: -1 }),
                durationMs: 4,
              },
              {
                method: "POST",
                url,
                requestHeaders: {},
                requestBody: "type=stream&to=general&topic=t&content=hi",
                status: 400,
                responseBody: JSON.stringify({ result: "error", msg: "Invalid", code: "BAD_REQUEST" }),
                durationMs: 6,
              },
            ],
          };
        }),
      ),
    );
  const pages = {
    empty: join(dir, "empty.html"),
    problems: join(dir, "problems.html"),
    passing: join(dir, "passing.html"),
  };
  writeFileSync(pages.empty, "<!doctype html><html lang=en><meta charset=utf-8><title>empty</title><p>empty</p>");
  writeFileSync(pages.problems, report(true));
  writeFileSync(pages.passing, report(false));
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Wall time from navigation to the first frame after load (what the reader waits for, with the script's default
  // filter applied), and the page's main-thread CPU time, which other load on the machine inflates far less.
  async function open(file: string): Promise<{ ms: number; cpu: number; rows: number }> {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const started = performance.now();
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    const rows = await page.evaluate(() => {
      const w = globalThis as unknown as PageGlobals;
      return new Promise<number>((resolve) =>
        w.requestAnimationFrame(() => w.requestAnimationFrame(() => resolve(w.document.querySelectorAll("tr.t:not([hidden])").length))),
      );
    });
    const ms = performance.now() - started;
    const { metrics } = await cdp.send("Performance.getMetrics");
    const cpu = (metrics.find((m) => m.name === "ThreadTime")?.value ?? NaN) * 1000;
    await page.close();
    return { ms, cpu, rows };
  }
  async function median(file: string): Promise<{ ms: number; cpu: number; rows: number }> {
    await open(file);
    const runs: { ms: number; cpu: number; rows: number }[] = [];
    for (let i = 0; i < 5; i++) runs.push(await open(file));
    const mid = <K extends "ms" | "cpu">(k: K) => runs.map((r) => r[k]).sort((a, b) => a - b)[2]!;
    return { ms: mid("ms"), cpu: mid("cpu"), rows: runs[0]!.rows };
  }
  const figure = (label: string, m: { ms: number; cpu: number }, extra = "") =>
    console.log(`  ${label.padEnd(58)} ${m.ms.toFixed(0).padStart(9)} ms  ${m.cpu.toFixed(0).padStart(6)} ms CPU${extra}`);
  const empty = await median(pages.empty);
  figure("baseline: an empty page", empty);
  for (const [label, file] of [
    ["5,000 tests, 100 failing (problems shown first)", pages.problems],
    ["5,000 tests, none failing (every row shown)", pages.passing],
  ] as const) {
    const m = await median(file);
    const bytes = statSync(file).size;
    figure(label, m, `  ${bytes} B (${(bytes / 1024 / 1024).toFixed(2)} MiB), ${m.rows} rows shown`);
    console.log(
      `  → ${(m.ms - empty.ms).toFixed(0)} ms (${(m.cpu - empty.cpu).toFixed(0)} ms CPU) over the empty page; goal: under 1000 ms to load and render`,
    );
  }
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}

await runServerLoad();

console.log("\n9. the validation proxy's added latency (serve and proxy as the CLI runs them; the same request direct and proxied)");
await proxyOverhead(ROUNDS);

console.log(CLI_HEADING);
await cliRuns();

console.log(RATE_HEADING);
await rateLimitedRun();

console.log(HISTORY_HEADING);
await longLivedRuns();

console.log(SWEEP_HEADING);
console.log("  not run: the full sweep three times over takes about 40 minutes on two cores; BENCH_ONLY=sweep runs it");
