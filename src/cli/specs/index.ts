import type { CommandSpec } from "../options.ts";
import { COMPARE } from "./compare.ts";
import { LEVELS } from "./levels.ts";
import { LIST } from "./list.ts";
import { MERGE } from "./merge.ts";
import { PERSONAS } from "./personas.ts";
import { PROXY } from "./proxy.ts";
import { RUN } from "./run.ts";
import { SERVE } from "./serve.ts";
import { SWEEP } from "./sweep.ts";

/** Every command, in the order `chat-conformance --help` lists them. */
export const COMMANDS: readonly CommandSpec[] = [RUN, SERVE, PERSONAS, LIST, LEVELS, COMPARE, SWEEP, MERGE, PROXY];

export function commandSpec(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}
