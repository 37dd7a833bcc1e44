import type { Terminal } from "./colour.ts";

/** A problem with what the user typed or gave us: one line on stderr, exit code 2, never a stack trace. */
export class UsageError extends Error {
  override name = "UsageError";
}

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  /**
   * The streams behind out and err, when the process has them: whether they are terminals decides colour and the
   * progress line's redrawing. Absent (a caller capturing the output), the output is plain.
   */
  stdout?: Terminal;
  stderr?: Terminal;
}

export const stdio: Io = {
  out: (s) => process.stdout.write(s.endsWith("\n") ? s : `${s}\n`),
  err: (s) => process.stderr.write(s.endsWith("\n") ? s : `${s}\n`),
  stdout: process.stdout,
  stderr: process.stderr,
};

export function intOption(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  return Number(raw);
}
