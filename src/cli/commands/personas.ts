import { z } from "zod";
import { readJsonOption } from "../json-file.ts";
import { parseOptions } from "../options.ts";
import { PERSONAS } from "../specs/personas.ts";
import { UsageError, type Io } from "../usage.ts";
import { createPersonas } from "./personas-create.ts";
import { createdOf, removePersonas } from "./personas-remove.ts";
import { openSession } from "./personas-session.ts";

/** `personas create|remove`: makes the accounts the suites act as, or deactivates them; returns the exit code. */
export async function personasCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(PERSONAS, argv);
  const [action, ...extra] = positionals;
  if (action !== "create" && action !== "remove") {
    throw new UsageError(
      action === undefined
        ? "personas needs an action: create or remove (see chat-conformance personas --help)"
        : `unknown personas action '${action}' (create or remove)`,
    );
  }
  if (extra.length) throw new UsageError(`personas ${action} takes no further words, got '${extra.join(" ")}'`);
  if (action === "create") {
    if (values.personas !== undefined) throw new UsageError("--personas goes with personas remove; create writes its file with --out");
    return createPersonas(await openSession(values, action), values, io);
  }
  for (const name of ["prefix", "channel", "out"] as const) if (values[name] !== undefined) throw new UsageError(`--${name} goes with personas create`);
  if (values.personas === undefined) throw new UsageError("personas remove needs --personas FILE (the file personas create wrote)");
  const file = values.personas;
  const made = createdOf(
    readJsonOption("--personas", file, z.unknown(), (m) => new UsageError(m)),
    `--personas ${file}`,
  );
  return removePersonas(await openSession(values, action), made, io);
}
