import { fork, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A long-lived server against a fresh one: the whole conformance run (`run --target`, the built bin) against `serve`
 * holding nothing but its fixture, and against the same server holding a history (HISTORY messages, about UNREAD
 * of them unread for each persona: bench/seed-history.ts), in turn, in the same bench run. The goal: the history
 * costs the run at most 1.3× the fresh server's time, since what the harness does per test follows what the test
 * touches. BENCH_HISTORY_MESSAGES, BENCH_HISTORY_UNREAD and BENCH_HISTORY_RUNS change the sizes.
 */
const ROOT = new URL("../", import.meta.url).pathname;
const BIN = join(ROOT, "bin", "chat-conformance.js");
const HISTORY = Number(process.env.BENCH_HISTORY_MESSAGES ?? 100_000);
const UNREAD = Number(process.env.BENCH_HISTORY_UNREAD ?? 10_000);
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 2);
const GOAL = 1.3;

const line = (label: string, value: string) => console.log(`  ${label.padEnd(58)} ${value}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Served {
  child: ChildProcess;
  line: string;
  url: string;
  history?: { messages: number; unread: Record<string, number>; seconds: number };
}

/** serve (as the CLI starts it) in a child from .bench-build/, seeded with `messages` first; its --json line. */
function serve(messages: number): Promise<Served> {
  const path = fileURLToPath(new URL("../.bench-build/bench/history-serve-child.js", import.meta.url));
  const child = fork(path, [], {
    env: { ...process.env, BENCH_HISTORY_MESSAGES: String(messages), BENCH_HISTORY_UNREAD: String(UNREAD) },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout!.on("data", (d: Buffer) => {
      seen += d.toString();
      const m = /^(\{.*\})$/m.exec(seen);
      if (!m) return;
      const doc = JSON.parse(m[1]!) as { url: string; history?: Served["history"] };
      resolve({ child, line: m[1]!, url: doc.url, ...(doc.history ? { history: doc.history } : {}) });
    });
    child.on("exit", (code) => reject(new Error(`the server child exited ${code}`)));
  });
}

/** One full run against the server: wall seconds, and whether it exited 0. */
function runAgainst(s: Served, dir: string, i: number): { seconds: number; code: number | null } {
  const personas = join(dir, `personas-${i}.json`);
  writeFileSync(personas, s.line);
  const started = performance.now();
  const r = spawnSync(process.execPath, [BIN, "run", "--target", s.url, "--personas", personas, "--out", join(dir, `out-${i}`)], {
    cwd: ROOT,
    stdio: "ignore",
  });
  return { seconds: (performance.now() - started) / 1000, code: r.status };
}

export async function longLivedRuns(): Promise<void> {
  if (!existsSync(join(ROOT, "dist"))) {
    line("skipped", "the package is not built (npm run build)");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "cc-bench-history-"));
  const fresh = await serve(0);
  const seeded = await serve(HISTORY);
  try {
    const unread = Object.values(seeded.history?.unread ?? {});
    line(`history: ${HISTORY} messages, seeded in ${seeded.history?.seconds.toFixed(1)} s`, `unread per persona ${Math.min(...unread)}–${Math.max(...unread)}`);
    const times = { fresh: [] as number[], history: [] as number[] };
    const codes: string[] = [];
    // In turn, so that load on the machine falls on both alike.
    for (let i = 0; i < RUNS; i++) {
      for (const [name, s] of [
        ["fresh", fresh],
        ["history", seeded],
      ] as const) {
        const r = runAgainst(s, dir, times.fresh.length + times.history.length);
        times[name].push(r.seconds);
        if (r.code !== 0) codes.push(`${name} run ${i + 1} exited ${r.code}`);
      }
    }
    const show = (xs: number[]) => `${xs.map((x) => x.toFixed(1)).join(" s, ")} s`;
    line("baseline: run --target a fresh serve", show(times.fresh));
    line(`run --target serve holding the history`, show(times.history));
    const ratio = median(times.history) / median(times.fresh);
    line(
      "→ history ÷ fresh (medians)",
      `${ratio.toFixed(2)}×  ${ratio <= GOAL ? "met" : "NOT MET"} (goal ≤ ${GOAL}×)${codes.length ? `; ${codes.join(", ")}` : ""}`,
    );
  } finally {
    fresh.child.kill("SIGINT");
    seeded.child.kill("SIGINT");
    rmSync(dir, { recursive: true, force: true });
  }
}
