import { defineCommand } from "../options.ts";

/** `compare`: its options (src/cli/compare.ts applies them). */
export const COMPARE = defineCommand({
  name: "compare",
  summary: "set runs' results side by side: differing tests, regressions against the first",
  usage: ["BASE.json OTHER.json... [--json] [--fail-on-regression]"],
  description:
    "Sets two or more results.json files side by side (targets, or one target over time): every test whose status\n" +
    "differs, and the regressions against BASE, the first.",
  positionals: true,
  options: {
    json: { type: "boolean", description: "print the comparison as JSON" },
    "fail-on-regression": { type: "boolean", description: "exit 1 when a test that passed in BASE is a problem in a later run" },
  },
});
