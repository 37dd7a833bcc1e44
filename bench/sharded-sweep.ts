import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The sweep on one machine and split into shards (section 13): the CLI as installed sweeps the range whole, then as
 * 2 and as 4 shards run side by side (separate processes, as a CI matrix's jobs are, here sharing this machine's
 * cores), and merges each set. Beside each shard's wall time stands what the equal-time split reckoned for it, so
 * the worst shard against the mean shows both how even the split was planned and how even it came out. Every shard
 * gets the cores divided by the shard count as its workers (at least one), so each configuration uses the machine
 * as the unsharded sweep does. The merged sweep.json is checked against the unsharded one (counts per level and
 * area, red levels, problems) so a figure never stands for a split that lost work.
 * BENCH_SWEEP_FROM and BENCH_SWEEP_TO narrow the range (default the whole of FL 153–372); BENCH_SWEEP_SHARDS the
 * shard counts (default "2,4"); BENCH_SWEEP_BASELINE=DIR takes an unsharded sweep of the same range and build that
 * is already there (its sweep.json and wall time) as the baseline rather than sweeping again.
 */
const ROOT = new URL("../", import.meta.url).pathname;
const BIN = join(ROOT, "bin", "chat-conformance.js");

interface Timed {
  code: number;
  ms: number;
}

/** The CLI in a child process, its output discarded but for the last lines of stderr when it fails. */
function cli(args: string[]): Promise<Timed> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr!.on("data", (d: Buffer) => {
    err = (err + d.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      const ms = performance.now() - started;
      // 0 is a green sweep, 1 a red one: both are measurements. Anything else is the bench's failure.
      if (code !== 0 && code !== 1) reject(new Error(`chat-conformance ${args.join(" ")} exited ${code}:\n${err}`));
      else resolve({ code, ms });
    });
  });
}

interface SweepDoc {
  wallMs: number;
  counts: Record<string, number>;
  levels: unknown[];
  redLevels: number[];
  problems: Array<{ id: string; levels: number[] }>;
  shard?: { index: number; files: string[]; reckonedMs: number };
}

const readSweep = (dir: string) => JSON.parse(readFileSync(join(dir, "sweep.json"), "utf8")) as SweepDoc;
/** What merged and unsharded sweeps must agree on: every level's and area's counts, the red levels, the problems. */
const verdict = (d: SweepDoc) => JSON.stringify([d.counts, d.levels, d.redLevels, d.problems.map((p) => [p.id, p.levels])]);

/** An earlier unsharded sweep of the range as the baseline: its wall time, and its exit code as its verdict gives it. */
function baselineFrom(dir: string, from: number, to: number): Timed {
  const doc = readSweep(dir) as SweepDoc & { from: number; to: number };
  if (doc.shard || doc.from !== from || doc.to !== to) throw new Error(`BENCH_SWEEP_BASELINE ${dir}: not an unsharded sweep of FL ${from}–${to}`);
  return { code: doc.redLevels.length ? 1 : 0, ms: doc.wallMs };
}

const line = (label: string, value: string) => console.log(`  ${label.padEnd(58)} ${value}`);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function shardedSweep(): Promise<void> {
  if (!existsSync(join(ROOT, "dist"))) {
    line("skipped", "the package is not built (npm run build)");
    return;
  }
  const from = Number(process.env.BENCH_SWEEP_FROM ?? 153);
  const to = Number(process.env.BENCH_SWEEP_TO ?? 372);
  const counts = (process.env.BENCH_SWEEP_SHARDS ?? "2,4").split(",").map(Number);
  const cores = availableParallelism();
  const range = ["--from", String(from), "--to", String(to)];
  const out = mkdtempSync(join(tmpdir(), "cc-bench-sweep-"));
  try {
    console.log(`  FL ${from}–${to} (${to - from + 1} levels) on ${cores} cores`);
    const given = process.env.BENCH_SWEEP_BASELINE;
    const whole = given ? baselineFrom(given, from, to) : await cli(["sweep", ...range, "--workers", String(cores), "--out", join(out, "whole")]);
    const wholeDoc = readSweep(given ?? join(out, "whole"));
    const runs = Object.values(wholeDoc.counts).reduce((a, b) => a + b, 0);
    line(
      `baseline: one sweep, ${cores} workers (exit ${whole.code})`,
      `${s(whole.ms).padStart(8)}  (${runs} test runs${given ? `; its own wall time, from ${given}` : ""})`,
    );
    for (const n of counts) {
      const workers = Math.max(1, Math.floor(cores / n));
      const dirs = Array.from({ length: n }, (_, i) => join(out, `n${n}`, String(i + 1)));
      const started = performance.now();
      const shards = await Promise.all(dirs.map((dir, i) => cli(["sweep", ...range, "--shard", `${i + 1}/${n}`, "--workers", String(workers), "--out", dir])));
      const sideBySide = performance.now() - started;
      const docs = dirs.map(readSweep);
      const merged = join(out, `n${n}`, "merged");
      const merge = await cli(["merge", ...dirs, "--out", merged]);
      const same = verdict(readSweep(merged)) === verdict(wholeDoc) && merge.code === whole.code;
      console.log(`  ${n} shards side by side, ${workers} worker${workers === 1 ? "" : "s"} each`);
      shards.forEach((t, i) =>
        line(`  shard ${i + 1}/${n}: ${docs[i]!.shard!.files.length} files`, `${s(t.ms).padStart(8)}  (the split reckoned ${s(docs[i]!.shard!.reckonedMs)})`),
      );
      const real = shards.map((t) => t.ms);
      const planned = docs.map((d) => d.shard!.reckonedMs);
      line("  all shards, start to last end", `${s(sideBySide).padStart(8)}  (${(sideBySide / whole.ms).toFixed(2)}× the one sweep)`);
      line("  merge", `${s(merge.ms).padStart(8)}  (exit ${merge.code}; ${same ? "the unsharded sweep's verdict" : "NOT the unsharded sweep's verdict"})`);
      line(
        "  worst shard against the mean",
        `${(Math.max(...real) / mean(real)).toFixed(2)}× measured, ${(Math.max(...planned) / mean(planned)).toFixed(3)}× reckoned`,
      );
      if (!same) throw new Error(`the ${n} shards' merged sweep.json differs from the unsharded one (${out} is kept)`);
    }
    rmSync(out, { recursive: true, force: true });
  } catch (e) {
    console.log(`  sweeps kept in ${out}`);
    throw e;
  }
}
