import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ResultsSchema, type Results } from "../../src/results/schema.ts";
import { CLI } from "./cli-entry.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** A finished `chat-conformance run`: its exit code, stdout and stderr together, and its validated results document. */
export interface FinishedRun {
  code: number | null;
  output: string;
  results: Results;
}

/**
 * `chat-conformance run ARGS --out OUT` in a child process, as a user starts it; rejects, with the output's tail,
 * when the run leaves no valid results.json.
 */
export function runCli(args: readonly string[], out: string, env: Record<string, string> = {}): Promise<FinishedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, "run", ...args, "--out", out], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      try {
        resolve({ code, output, results: ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8"))) });
      } catch (e) {
        reject(new Error(`run ${args.join(" ")} exited ${code} without a valid results.json: ${(e as Error).message}\n${output.slice(-2000)}`));
      }
    });
  });
}
