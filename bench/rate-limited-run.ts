import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Results } from "../src/results/schema.ts";

/**
 * Section 11: the whole suite against `serve --rate-limit 200/60` (Zulip's default api_by_user, GET /events 200 then
 * one per 0.3 s), `run --target` with the default --rate-limit auto: its wall time beside the floor — the least time
 * any client needs for the busiest persona's requests at that rate (its API requests ÷ 200 per 60 s, or its GET
 * /events × 0.3 s, the larger) — and beside the same run against an unlimited `serve`.
 *
 * A run at 200/60 takes about nine minutes (the unlimited one beside it two more); BENCH_RATE_LIMIT=N/SECONDS (and BENCH_EVENTS_RATE_LIMIT=BURST/SECONDS)
 * scales it, and the figures say which limit they are of. The built bin runs, as users run it; BENCH_FROM_SOURCE=1
 * runs src/ through tsx.
 */
const ROOT = new URL("../", import.meta.url).pathname;
const CLI = process.env.BENCH_FROM_SOURCE ? ["--import", "tsx", join(ROOT, "src", "cli", "entry.ts")] : [join(ROOT, "bin", "chat-conformance.js")];

const line = (label: string, value: string) => console.log(`  ${label.padEnd(58)} ${value}`);

function serve(args: string[]): Promise<{ child: ChildProcess; line: string; url: string }> {
  const child = spawn(process.execPath, [...CLI, "serve", "--port", "0", "--json", "--heartbeat-seconds", "2", ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout!.on("data", (d: Buffer) => {
      seen += d.toString();
      const m = /^(\{.*\})$/m.exec(seen);
      if (m) resolve({ child, line: m[1]!, url: (JSON.parse(m[1]!) as { url: string }).url });
    });
    child.on("exit", (code) => reject(new Error(`serve exited ${code}`)));
  });
}

function runAgainst(url: string, personas: string, out: string): Promise<{ code: number | null; seconds: number; results: Results }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...CLI, "run", "--target", url, "--personas", personas, "--out", out], { cwd: ROOT, stdio: "ignore" });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) =>
      resolve({ code, seconds: (performance.now() - started) / 1000, results: JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as Results }),
    );
  });
}

const rate = (raw: string) => {
  const [n, s] = raw.split("/").map(Number);
  return { n: n!, s: s! };
};

/** The least time the busiest persona's requests of the target's organization take at the limits. */
function floorOf(
  r: Results,
  api: { n: number; s: number },
  events: { n: number; s: number },
): { persona: string; seconds: number; apiRequests: number; polls: number } {
  let best = { persona: "none", seconds: 0, apiRequests: 0, polls: 0 };
  for (const p of r.throttle?.personas ?? []) {
    if (p.organization !== "target") continue;
    const a = p.buckets.find((b) => b.bucket === "api")?.requests ?? 0;
    const e = p.buckets.find((b) => b.bucket === "events")?.requests ?? 0;
    // Requests ÷ rate, as the issue states the floor (the first window's burst would shave one window off).
    const seconds = Math.max((a / api.n) * api.s, e * events.s);
    if (seconds > best.seconds) best = { persona: p.persona, seconds, apiRequests: a, polls: e };
  }
  return best;
}

export async function rateLimitedRun(): Promise<void> {
  if (!process.env.BENCH_FROM_SOURCE && !existsSync(join(ROOT, "dist"))) {
    line("skipped", "the package is not built (npm run build), or set BENCH_FROM_SOURCE=1");
    return;
  }
  const apiRaw = process.env.BENCH_RATE_LIMIT ?? "200/60";
  const eventsRaw = process.env.BENCH_EVENTS_RATE_LIMIT ?? "200/0.3";
  const out = mkdtempSync(join(tmpdir(), "cc-bench-rate-"));
  const servers: ChildProcess[] = [];
  try {
    const free = await serve([]);
    servers.push(free.child);
    writeFileSync(join(out, "free.json"), free.line);
    const unlimited = await runAgainst(free.url, join(out, "free.json"), join(out, "free"));
    const limitedServe = await serve(["--rate-limit", apiRaw, "--events-rate-limit", eventsRaw]);
    servers.push(limitedServe.child);
    writeFileSync(join(out, "limited.json"), limitedServe.line);
    const limited = await runAgainst(limitedServe.url, join(out, "limited.json"), join(out, "limited"));
    const floor = floorOf(limited.results, rate(apiRaw), rate(eventsRaw));
    const t = limited.results.throttle!;
    const early = t.personas.reduce((a, p) => a + p.earlyResends, 0);
    line("run --target serve, no rate limit", `${unlimited.seconds.toFixed(1)} s (exit ${unlimited.code})`);
    line(
      `run --target serve --rate-limit ${apiRaw} --events-rate-limit ${eventsRaw}`,
      `${limited.seconds.toFixed(1)} s (exit ${limited.code}, verified FL ${limited.results.verifiedLevel ?? "none"})`,
    );
    line(
      `  floor: ${floor.persona}'s ${floor.apiRequests} API requests, ${floor.polls} GET /events`,
      `${floor.seconds.toFixed(1)} s → run ${(limited.seconds / Math.max(1, floor.seconds)).toFixed(2)}× the floor, ${(limited.seconds - floor.seconds).toFixed(1)} s over`,
    );
    line("  throttling", `${t.limited} answers 429, ${(t.waitedMs / 1000).toFixed(0)} s held (per worker, summed), ${early} re-sent early`);
  } finally {
    for (const c of servers) c.kill("SIGINT");
    rmSync(out, { recursive: true, force: true });
  }
}
