import { CatalogError } from "../catalog/load.ts";
import { TargetError } from "../target/detect.ts";
import { ExpectationsError } from "../report/expectations.ts";
import { runCommand } from "./run.ts";
import { serveCommand } from "./serve.ts";
import { levelsCommand } from "./levels.ts";
import { HELP, stdio, UsageError, type Io } from "./usage.ts";

/** The CLI: every failure of input becomes one line and exit code 2; nothing prints a stack trace. */
export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "run":
        return await runCommand(rest, io);
      case "serve":
        return await serveCommand(rest, io);
      case "list": {
        const { listCommand } = await import("./commands/list.ts");
        const { collectTests } = await import("../expect/collect.ts");
        return await listCommand(rest, io, await collectTests());
      }
      case "levels":
        return await levelsCommand(rest, io);
      case "compare": {
        const { compareCommand } = await import("./compare.ts");
        return await compareCommand(rest, io);
      }
      case undefined:
      case "help":
      case "--help":
      case "-h":
        io.out(HELP);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command '${command}' (try: run, serve, list, levels, compare, help)`);
    }
  } catch (e) {
    const err = e as Error & { code?: string };
    if (e instanceof UsageError || e instanceof TargetError || e instanceof CatalogError || e instanceof ExpectationsError) {
      io.err(`chat-conformance: ${err.message}`);
      return 2;
    }
    if (typeof err.code === "string" && err.code.startsWith("ERR_PARSE_ARGS")) {
      io.err(`chat-conformance: ${err.message}`);
      return 2;
    }
    io.err(`chat-conformance: internal error: ${err.message} (please report it)`);
    return 3;
  }
}
