import { defineCommand } from "../options.ts";

/** `merge`: its options (src/cli/merge.ts applies them). */
export const MERGE = defineCommand({
  name: "merge",
  summary: "put the shards of one run or sweep together into the reports the whole run writes",
  usage: ["DIR... [--out DIR]"],
  description:
    "Reads the folders that the shards of one `run --shard K/N` (results.json) or one `sweep --shard K/N`\n" +
    "(sweep.json) wrote and writes what the run unsharded writes: results.json, index.html, junit.xml, badge.json,\n" +
    "badge.svg and allure-results/, or sweep.json and sweep.html. Exits as the unsharded run would (0, 1, or 2 for a\n" +
    "run stopped by a rate limit), and 2 when the folders are not the shards of one run: a folder without results,\n" +
    "a report written without --shard, shards of different targets, levels, versions or filters, a shard missing\n" +
    "or given twice.",
  positionals: true,
  options: {
    out: { type: "string", value: "DIR", default: "reports/latest (a run), reports/sweep (a sweep)", description: "where the merged reports go" },
    "history-link": { type: "string", value: "URL", description: "as run's: link the merged run's index.html to its target's history.html at URL" },
  },
});
