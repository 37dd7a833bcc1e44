import { join } from "node:path";
import { FIRST_LEVEL, LAST_LEVEL } from "../../catalog/words.ts";
import { defineCommand } from "../options.ts";
import { SHARD_OPTIONS } from "../shard-option.ts";

/** Where `sweep` writes sweep.json and sweep.html unless --out says otherwise. */
export const SWEEP_OUT = join("reports", "sweep");

/** `sweep`: its options (src/cli/sweep.ts applies them). */
export const SWEEP = defineCommand({
  name: "sweep",
  summary: "run the suites at every level of a range, each against a reference server of its own",
  usage: ["[--from N] [--to M] [--workers K] [--filter PATH]... [--fault ID]... [--out DIR] [--shard K/N [--durations FILE]]"],
  description:
    "Runs the conformance suites at every feature level from N to M, each level against an embedded reference\n" +
    "server of that level, in K worker processes, and writes sweep.json and sweep.html (a level × area grid, and each\n" +
    "problem with the levels it shows at). Exits 0 when every test passes or does not apply at every level, 1 when\n" +
    "any is a problem at any level (a test a reference server could not verify counts), 2 on bad input. The whole\n" +
    "range takes about 10 minutes on two cores.",
  options: {
    from: { type: "string", value: "N", default: String(FIRST_LEVEL), description: "the first level" },
    to: { type: "string", value: "M", default: String(LAST_LEVEL), description: "the last level" },
    workers: { type: "string", value: "K", default: "one per core", description: "worker processes running suite files at once" },
    filter: { type: "string", multiple: true, value: "PATH", description: "only the suite files whose path contains PATH (repeatable)" },
    fault: { type: "string", multiple: true, value: "ID", description: "break one clause in every server of the sweep on purpose (repeatable)" },
    out: { type: "string", value: "DIR", default: SWEEP_OUT, description: "where sweep.json and sweep.html go" },
    ...SHARD_OPTIONS,
  },
});
