import { spawn } from "node:child_process";
import { constants } from "node:os";
import { UsageError } from "./usage.ts";

/** How a command the proxy ran ended: its exit code, or 128 + the signal's number as shells report it. */
export interface Ended {
  code: number;
  /** The signal that ended it, when one did. */
  signal?: NodeJS.Signals;
}

export interface Child {
  /** Passes a signal on (the proxy's own SIGINT or SIGTERM): the command decides how to stop. */
  signal: (s: NodeJS.Signals) => void;
  ended: Promise<Ended>;
}

/**
 * Starts `proxy -- CMD ARGS…`'s command with the terminal's streams and the proxy's environment plus `env`. Resolves
 * once it has started; a command that cannot start (not found, not executable) is a UsageError naming it, so that
 * the proxy exits 2 with one line rather than reporting on traffic that never came.
 */
export async function startChild(argv: readonly string[], env: Record<string, string>): Promise<Child> {
  const [cmd, ...args] = argv as [string, ...string[]];
  const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  await new Promise<void>((ok, fail) => {
    child.once("spawn", ok);
    child.once("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT") fail(new UsageError(`command not found: ${cmd} (the command after --)`));
      else if (e.code === "EACCES") fail(new UsageError(`cannot run ${cmd}: permission denied (the command after --)`));
      else fail(new UsageError(`cannot run ${cmd}: ${e.message} (the command after --)`));
    });
  });
  const ended = new Promise<Ended>((done) => {
    child.once("exit", (code, signal) => {
      if (signal) done({ code: 128 + (constants.signals[signal] ?? 0), signal });
      else done({ code: code ?? 1 });
    });
  });
  return {
    signal: (s) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(s);
    },
    ended,
  };
}
