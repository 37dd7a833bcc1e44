import { spawn } from "node:child_process";
import { CLI } from "./cli-entry.ts";

/** What `serve --json` prints: the personas file a run against it takes. */
export interface ServeLine {
  url: string;
  featureLevel: number;
  personas: Record<string, { email: string; apiKey: string; userId: number }>;
  serverConfig?: Record<string, unknown>;
}

/**
 * `serve --port 0 --json` as a child process, as a user would start it: its line (parsed), the line as printed,
 * and a stop function that sends it a signal (SIGTERM unless told) and returns its exit code.
 */
export async function serveChild(
  args: string[],
  cwd: string,
): Promise<{ doc: ServeLine; line: string; stop: (signal?: NodeJS.Signals) => Promise<number | null> }> {
  const child = spawn(process.execPath, [...CLI, "serve", "--port", "0", "--json", ...args], { cwd });
  const line = await new Promise<string>((resolve, reject) => {
    let buf = "";
    child.stdout.on("data", (d: Buffer) => {
      buf += d.toString();
      if (buf.includes("\n")) resolve(buf.split("\n")[0]!);
    });
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${buf}`)));
  });
  const stop = (signal: NodeJS.Signals = "SIGTERM") =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.on("exit", (code) => resolve(code));
      child.kill(signal);
    });
  return { doc: JSON.parse(line) as ServeLine, line, stop };
}
