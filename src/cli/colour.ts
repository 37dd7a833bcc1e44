import type { Verdict } from "../results/verdict.ts";

/**
 * Colour in the CLI's output, decided the way node tools (vitest among them) decide it: NO_COLOR (any non-empty
 * value, per no-color.org) turns it off; FORCE_COLOR turns it on even into a pipe (CI logs that render ANSI), except
 * FORCE_COLOR=0 or false; otherwise only a terminal gets it, never a pipe or a file, and never TERM=dumb.
 */

/** What the CLI knows of an output stream: whether a terminal is behind it, and how wide it is. */
export interface Terminal {
  write(s: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export function colourOn(stream: { isTTY?: boolean } | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  return stream?.isTTY === true && env.TERM !== "dumb";
}

export type Paint = (s: string) => string;

export interface Palette {
  bold: Paint;
  red: Paint;
  green: Paint;
  yellow: Paint;
}

const sgr =
  (open: number, close: number): Paint =>
  (s) =>
    `\x1b[${open}m${s}\x1b[${close}m`;

/** The palette for one of the CLI's streams; none (output a caller captures) is always plain. */
export function paletteFor(stream: Terminal | undefined, env: NodeJS.ProcessEnv = process.env): Palette {
  return palette(stream !== undefined && colourOn(stream, env));
}

const plain: Paint = (s) => s;

export function palette(on: boolean): Palette {
  return on ? { bold: sgr(1, 22), red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39) } : { bold: plain, red: plain, green: plain, yellow: plain };
}

/**
 * The run summary (src/report/summary.ts: plain text, shared with the reports) with the verdict of its Result line
 * coloured by the verdict's state (src/results/verdict.ts): green, amber, red, or grey (left uncoloured, in bold).
 * Everything else stays as rendered.
 */
export function paintSummary(summary: string, state: Verdict["state"], p: Palette): string {
  const paint = state === "green" ? p.green : state === "amber" ? p.yellow : state === "red" ? p.red : (s: string) => s;
  return summary
    .split("\n")
    .map((line) => {
      const m = /^(Result: +)(.+?)( \(.*)?$/.exec(line);
      return m ? `${m[1]}${p.bold(paint(m[2]!))}${m[3] ?? ""}` : line;
    })
    .join("\n");
}
