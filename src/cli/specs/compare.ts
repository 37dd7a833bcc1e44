import { defineCommand } from "../options.ts";

/** `compare`: its options (src/cli/compare.ts applies them). */
export const COMPARE = defineCommand({
  name: "compare",
  summary: "set runs' results side by side: differing tests, regressions against the first",
  usage: ["BASE.json OTHER.json... [--out DIR] [--json] [--fail-on-regression]"],
  description:
    "Sets two or more results.json files side by side (targets, or one target over time): every test whose status\n" +
    "differs, and the regressions against BASE, the first. --out DIR also writes DIR/compare.html (one file, no\n" +
    "network: the runs as columns with their verified level and score, the clauses as rows by release and area,\n" +
    "filters for those that differ or regressed, links into each run's own index.html) and DIR/compare.json.",
  positionals: true,
  options: {
    out: { type: "string", value: "DIR", description: "also write DIR/compare.html and DIR/compare.json" },
    json: { type: "boolean", description: "print the comparison as JSON" },
    "fail-on-regression": { type: "boolean", description: "exit 1 when a test that passed in BASE is a problem in a later run" },
  },
});
