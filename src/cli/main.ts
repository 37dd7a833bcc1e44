import { BUGS_URL, VERSION } from "../layout.ts";
import { paletteFor } from "./colour.ts";
import { renderCommandHelp, renderMainHelp } from "./help.ts";
import { optionsOf, wantsHelp } from "./options.ts";
import { COMMANDS, commandSpec } from "./specs/index.ts";
import { closest } from "./suggest.ts";
import { stdio, UsageError, type Io } from "./usage.ts";

/**
 * A target, catalog or expectations file the user gave that is not usable. Their modules load only here, on the
 * way out: the command that threw one has loaded its module already, and --version, help and list never need zod
 * or the HTTP client for it.
 */
async function isInputError(e: unknown): Promise<boolean> {
  const [{ CatalogError }, { TargetError }, { ExpectationsError }] = await Promise.all([
    import("../catalog/load.ts"),
    import("../target/detect.ts"),
    import("./expectations-file.ts"),
  ]);
  return e instanceof TargetError || e instanceof CatalogError || e instanceof ExpectationsError;
}

/** Words that may stand where a command does, besides the commands. */
const GLOBAL_WORDS = ["help", "--help", "-h", "--version", "-v"];

/** The error for a first word that is no command: the closest command, or where an option belongs. */
function unknownCommand(word: string): UsageError {
  if (word.startsWith("-")) {
    const near = closest(word, ["--help", "--version"]);
    if (near !== undefined) return new UsageError(`Unknown option '${word}'; did you mean ${near}?`);
    const name = word.replace(/^-+/, "").split("=")[0]!;
    const owners = COMMANDS.filter((c) => Object.hasOwn(optionsOf(c), name)).map((c) => c.name);
    if (owners.length)
      return new UsageError(`'${word}' is an option of ${owners.join(" and ")}: put it after the command (chat-conformance ${owners[0]} ${word} …)`);
    return new UsageError(`Unknown option '${word}' (chat-conformance takes only --help and --version before the command)`);
  }
  const near = closest(word, [...COMMANDS.map((c) => c.name), "help"]);
  if (near !== undefined) return new UsageError(`unknown command '${word}'; did you mean ${near}?`);
  return new UsageError(`unknown command '${word}' (commands: ${COMMANDS.map((c) => c.name).join(", ")}, help; see chat-conformance --help)`);
}

/** Runs one command: its help when asked, else the command itself. */
async function dispatch(command: string, rest: string[], io: Io): Promise<number> {
  const spec = commandSpec(command);
  if (spec === undefined) throw unknownCommand(command);
  if (wantsHelp(spec, rest)) {
    io.out(renderCommandHelp(spec, paletteFor(io.stdout)));
    return 0;
  }
  // Each command's code is loaded only when it runs: help, --version and mistakes answer without loading the
  // reference server or vitest.
  switch (command) {
    case "run": {
      const { runCommand } = await import("./run.ts");
      return await runCommand(rest, io);
    }
    case "serve": {
      const { serveCommand } = await import("./serve.ts");
      return await serveCommand(rest, io);
    }
    case "personas": {
      const { personasCommand } = await import("./commands/personas.ts");
      return await personasCommand(rest, io);
    }
    case "list": {
      const { listCommand } = await import("./commands/list.ts");
      const { testInfos } = await import("../expect/test-index.ts");
      return await listCommand(rest, io, await testInfos());
    }
    case "levels": {
      const { levelsCommand } = await import("./levels.ts");
      return await levelsCommand(rest, io);
    }
    case "compare": {
      const { compareCommand } = await import("./compare.ts");
      return await compareCommand(rest, io);
    }
    case "proxy": {
      const { proxyCommand } = await import("./proxy.ts");
      return await proxyCommand(rest, io);
    }
    case "sweep": {
      const { sweepCommand } = await import("./sweep.ts");
      return await sweepCommand(rest, io);
    }
    case "merge": {
      const { mergeCommand } = await import("./merge.ts");
      return await mergeCommand(rest, io);
    }
    default:
      throw new Error(`command '${command}' has a table in src/cli/specs/ but no code here`);
  }
}

/** The CLI: every failure of input becomes one line and exit code 2; nothing prints a stack trace. */
export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  const overview = () => io.out(renderMainHelp(COMMANDS, paletteFor(io.stdout)));
  try {
    switch (command) {
      case undefined:
        overview();
        return 2;
      case "--help":
      case "-h":
        overview();
        return 0;
      case "--version":
      case "-v":
        io.out(VERSION);
        return 0;
      case "help": {
        // `help COMMAND` is `COMMAND --help`; a bare `help` is the overview.
        const [topic] = rest;
        if (topic === undefined || GLOBAL_WORDS.includes(topic)) {
          overview();
          return 0;
        }
        const spec = commandSpec(topic);
        if (spec === undefined) throw unknownCommand(topic);
        io.out(renderCommandHelp(spec, paletteFor(io.stdout)));
        return 0;
      }
      default:
        return await dispatch(command, rest, io);
    }
  } catch (e) {
    const err = e as Error & { code?: string };
    if (e instanceof UsageError || (await isInputError(e))) {
      io.err(`chat-conformance: ${err.message}`);
      return 2;
    }
    if (typeof err.code === "string" && err.code.startsWith("ERR_PARSE_ARGS")) {
      io.err(`chat-conformance: ${err.message.split("\n")[0]}`);
      return 2;
    }
    io.err(`chat-conformance: internal error: ${err.message} (please report it${BUGS_URL ? ` at ${BUGS_URL}` : ""})`);
    return 3;
  }
}
