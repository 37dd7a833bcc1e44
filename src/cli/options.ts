import { parseArgs, type ParseArgsConfig } from "node:util";
import { didYouMean } from "./suggest.ts";
import { UsageError } from "./usage.ts";

/**
 * A command's options as data. The same table configures node:util's parseArgs and renders the command's help,
 * so an option cannot be accepted without being documented (test/cli/help.test.ts holds every command to it).
 */
export interface OptionSpec {
  readonly type: "string" | "boolean";
  /** Repeatable: every occurrence is kept, in order. */
  readonly multiple?: boolean;
  /** A one-letter alias ("h" for -h). */
  readonly short?: string;
  /** What the value is, as help shows it ("N", "URL", "FILE"); string options only. */
  readonly value?: string;
  /**
   * The default, as help shows it. Only shown: the command applies its defaults itself, because parseArgs defaults
   * would hide whether the user gave the option (run tells `--feature-level` given from not given).
   */
  readonly default?: string;
  /** One line: what the option does. */
  readonly description: string;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

export interface CommandSpec<T extends OptionTable = OptionTable> {
  readonly name: string;
  /** One line for `chat-conformance --help`. */
  readonly summary: string;
  /** What follows "chat-conformance NAME" on each usage line. */
  readonly usage: readonly string[];
  /** What the command does, a few lines, for its own --help. */
  readonly description: string;
  /** Whether it takes positional arguments (compare's files); without, a stray word is an error. */
  readonly positionals?: boolean;
  readonly options: T;
}

/** Every command takes -h/--help: main answers it before the command runs (see wantsHelp). */
export const HELP_OPTION = { type: "boolean", short: "h", description: "show this help" } as const satisfies OptionSpec;

/** Declares a command, keeping the table's literal types so that parseOptions can type the values. */
export function defineCommand<const T extends OptionTable>(spec: CommandSpec<T>): CommandSpec<T> {
  return spec;
}

/** The options a command accepts: its table and --help. */
export function optionsOf(spec: CommandSpec): OptionTable {
  return { ...spec.options, help: HELP_OPTION };
}

type ValueOf<O extends OptionSpec> = O["multiple"] extends true
  ? Array<O["type"] extends "boolean" ? boolean : string>
  : O["type"] extends "boolean"
    ? boolean
    : string;

/** What parseArgs gives for a table: each option's value, undefined when not given. */
export type Values<T extends OptionTable> = { -readonly [K in keyof T]?: ValueOf<T[K]> };

function parseConfig(spec: CommandSpec): NonNullable<ParseArgsConfig["options"]> {
  return Object.fromEntries(
    Object.entries(optionsOf(spec)).map(([name, o]) => [
      name,
      { type: o.type, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}) },
    ]),
  );
}

/** The option names a command accepts, as typed: "--feature-level", "-h". */
function spellings(spec: CommandSpec): string[] {
  return Object.entries(optionsOf(spec)).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
}

/** The first option in argv that the command does not know, as the user typed it. */
function unknownOption(spec: CommandSpec, argv: string[]): string | undefined {
  const known = optionsOf(spec);
  const shorts = new Set(Object.values(known).flatMap((o) => (o.short ? [o.short] : [])));
  const { tokens } = parseArgs({ args: argv, options: parseConfig(spec), strict: false, allowPositionals: true, tokens: true });
  for (const t of tokens) {
    if (t.kind !== "option") continue;
    const isShort = !t.rawName.startsWith("--");
    if (isShort ? !shorts.has(t.name) : !Object.hasOwn(known, t.name)) return t.rawName;
  }
  return undefined;
}

/** "Unknown option '--featur-level' for run; did you mean --feature-level?" (the casing is parseArgs' own). */
export function unknownOptionMessage(spec: CommandSpec, option: string): string {
  const hint = didYouMean(option, spellings(spec));
  return `Unknown option '${option}' for ${spec.name}${hint || ` (see chat-conformance ${spec.name} --help)`}`;
}

/**
 * Parses a command's arguments with its table. Every parse error is a UsageError of one line; an unknown option
 * names the closest one the command has.
 */
export function parseOptions<T extends OptionTable>(spec: CommandSpec<T>, argv: string[]): { values: Values<T>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: parseConfig(spec), strict: true, allowPositionals: spec.positionals === true });
    // parseArgs types its values from a literal config; this one is built from the table, whose types Values<T>
    // states (string or boolean, an array when multiple), so the cast restates what the config says.
    return { values: values as Values<T>, positionals };
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const option = unknownOption(spec, argv);
      if (option !== undefined) throw new UsageError(unknownOptionMessage(spec, option));
    }
    if (typeof err.code === "string" && err.code.startsWith("ERR_PARSE_ARGS")) throw new UsageError(err.message.replace(/\n/g, " "));
    throw e;
  }
}

/**
 * Whether argv asks for help (-h or --help before any "--"), wherever it stands and whatever else it holds: like
 * git and npm, help wins over a mistake elsewhere on the line. An option's value ("--filter -h") is not a request.
 */
export function wantsHelp(spec: CommandSpec, argv: string[]): boolean {
  const { tokens } = parseArgs({ args: argv, options: parseConfig(spec), strict: false, allowPositionals: true, tokens: true });
  return tokens.some((t) => t.kind === "option" && t.name === "help");
}
