import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The CLI as users run it (the built bin, as the package installs it): how long each command takes to start,
 * against node starting an empty script; and the conformance run's wall time, embedded and against `serve` through
 * --target, against the same run with the state invariant off (what the invariant costs).
 */
const ROOT = new URL("../", import.meta.url).pathname;
const BIN = join(ROOT, "bin", "chat-conformance.js");
const STARTS = 5;
const RUNS = 2;

function wallOf(args: string[], env: NodeJS.ProcessEnv = {}): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "ignore" });
  if (r.status !== 0 && r.status !== 2) throw new Error(`${args.join(" ")} exited ${r.status}`);
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(58)} ${value}`);

/** `serve` in a child process; resolves with its --json line once it listens. */
function serve(): Promise<{ child: ChildProcess; line: string; url: string }> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--json", "--heartbeat-seconds", "2"], {
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

export async function cliRuns(): Promise<void> {
  if (!existsSync(join(ROOT, "dist"))) {
    line("skipped", "the package is not built (npm run build)");
    return;
  }
  const baseline = median(Array.from({ length: STARTS }, () => wallOf(["-e", "0"])));
  line("baseline: node starting an empty script", `${baseline.toFixed(0).padStart(6)} ms`);
  for (const args of [["--version"], ["--help"], ["list"], ["run", "--help"], ["serve", "--help"], ["sweep", "--help"]]) {
    const ms = median(Array.from({ length: STARTS }, () => wallOf([BIN, ...args])));
    line(
      `chat-conformance ${args.join(" ")}`,
      `${ms.toFixed(0).padStart(6)} ms  (+${(ms - baseline).toFixed(0)} ms over node)  ${ms < 500 ? "met" : "NOT MET"} (goal < 500 ms)`,
    );
  }

  const out = mkdtempSync(join(tmpdir(), "cc-bench-runs-"));
  try {
    const runs = (env: NodeJS.ProcessEnv, target: string[] = []) =>
      Array.from({ length: RUNS }, (_, i) => wallOf([BIN, "run", ...target, "--out", join(out, `r${i}`)], env) / 1000);
    const show = (xs: number[]) => `${xs.map((s) => s.toFixed(1)).join(" s, ")} s`;
    const embedded = runs({});
    const bare = runs({ CC_INVARIANT: "off" });
    line("run, embedded reference server (every suite)", `${show(embedded)}  ${Math.min(...embedded) < 15 ? "met" : "NOT MET"} (goal < 15 s)`);
    line("baseline: the same with the state invariant off", `${show(bare)}  → the invariant adds ${(median(embedded) - median(bare)).toFixed(1)} s`);
    const s = await serve();
    try {
      const personas = join(out, "serve.json");
      writeFileSync(personas, s.line);
      const against = runs({}, ["--target", s.url, "--personas", personas]);
      line("run --target serve (serve's whole --json line as --personas)", `${show(against)}  ${Math.min(...against) < 45 ? "met" : "NOT MET"} (goal < 45 s)`);
    } finally {
      s.child.kill("SIGINT");
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
