import { defineCommand } from "../options.ts";

/** `compare`: its options (src/cli/compare.ts applies them). */
export const COMPARE = defineCommand({
  name: "compare",
  summary: "set runs' results side by side: differing tests, regressions against the first",
  usage: [
    "BASE.json OTHER.json... [--out DIR] [--json] [--fail-on-regression]",
    "BASE/sweep.json LATER/sweep.json [--json] [--fail-on-regression]",
    "--history DIR [--out DIR] [--json]",
  ],
  description:
    "Sets two or more results.json files side by side (targets, or one target over time): every test whose status\n" +
    "differs, and the regressions against BASE, the first. --out DIR also writes DIR/compare.html (one file, no\n" +
    "network: the runs as columns with their verified level and score, the clauses as rows by release and area,\n" +
    "filters for those that differ or regressed, links into each run's own index.html) and DIR/compare.json.\n" +
    "Two sweep.json files (of one range, filter and faults): the problems, a test at a level, that LATER has and\n" +
    "BASE had not (regressions) and those it no longer has.\n" +
    "--history DIR reads every results.json under DIR (and every other .json file directly in it): dated runs of one\n" +
    "target, ordered by startedAt. It writes history.html and history.json (into --out DIR, or DIR itself): each\n" +
    "clause's status in each run, when it first failed, was fixed, or flaked (changed while the target's level and\n" +
    "release and the harness version did not), and the trend of the verified level and the score.",
  positionals: true,
  options: {
    out: { type: "string", value: "DIR", description: "also write DIR/compare.html and DIR/compare.json (with --history: history.html, history.json)" },
    history: { type: "string", value: "DIR", description: "the history of one target's runs in DIR, instead of files to compare" },
    json: { type: "boolean", description: "print the comparison as JSON" },
    "fail-on-regression": { type: "boolean", description: "exit 1 when a test that passed in BASE is a problem in a later run" },
  },
});
