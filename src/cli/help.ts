import { VERSION } from "../layout.ts";
import { palette, type Palette } from "./colour.ts";
import { optionsOf, type CommandSpec, type OptionSpec } from "./options.ts";

/** The help texts, rendered from the command tables (src/cli/specs/), never written by hand. */

const BIN = "chat-conformance";

/** "--feature-level N", "-h, --help", "--fault ID...": an option as help lists it. */
function optionLabel(name: string, o: OptionSpec): string {
  const long = `--${name}${o.type === "string" ? ` ${o.value ?? "VALUE"}` : ""}${o.multiple ? "..." : ""}`;
  return o.short ? `-${o.short}, ${long}` : `    ${long}`;
}

/** Rows of two columns, the second aligned; the first column's width fits the longest label. */
function table(rows: Array<[string, string]>): string[] {
  const width = Math.max(0, ...rows.map(([l]) => l.length));
  return rows.map(([l, r]) => `  ${l.padEnd(width)}   ${r}`.trimEnd());
}

/** `chat-conformance COMMAND --help`: usage, what it does, and every option with its default. */
export function renderCommandHelp(spec: CommandSpec, p: Palette = palette(false)): string {
  const lines = [`${p.bold("Usage:")} ${spec.usage.map((u) => `${BIN} ${spec.name}${u ? ` ${u}` : ""}`).join(`\n       `)}`, "", spec.description, ""];
  lines.push(p.bold("Options:"));
  lines.push(
    ...table(
      Object.entries(optionsOf(spec)).map(([name, o]) => [
        optionLabel(name, o),
        `${o.description}${o.default !== undefined ? ` [default: ${o.default}]` : ""}`,
      ]),
    ),
  );
  return `${lines.join("\n")}\n`;
}

/** What each exit code means, for every command (a command's help says what makes it 1). */
export const EXIT_CODES: readonly (readonly [number, string])[] = [
  [0, "done: no problem found"],
  [1, "done: a problem found (a must-clause failing, a regression, a finding at --fail-on)"],
  [2, "bad input: an option, a file, a target that cannot be reached or used (one line says which)"],
  [3, "internal error: a fault of the tool itself (one line; please report it)"],
];

/** `chat-conformance --help`: the commands, one line each, and what the exit codes mean. */
export function renderMainHelp(commands: readonly CommandSpec[], p: Palette = palette(false)): string {
  const lines = [
    `${BIN} ${VERSION} — conformance suite and reference server for the team-chat API`,
    "",
    `${p.bold("Usage:")} ${BIN} <command> [options]`,
    "",
    p.bold("Commands:"),
    ...table([...commands.map((c): [string, string] => [c.name, c.summary]), ["help <command>", "show a command's options (also: <command> --help)"]]),
    "",
    p.bold("Options:"),
    ...table([
      ["-h, --help", "show this help"],
      ["-v, --version", "print the version"],
    ]),
    "",
    p.bold("Exit codes:"),
    ...table(EXIT_CODES.map(([code, what]): [string, string] => [String(code), what])),
    "",
    `Run '${BIN} <command> --help' for a command's options.`,
  ];
  return `${lines.join("\n")}\n`;
}
