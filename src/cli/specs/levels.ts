import { defineCommand } from "../options.ts";

/** `levels`: no options. */
export const LEVELS = defineCommand({
  name: "levels",
  summary: "print the level sweep `npm test` runs, as JSON",
  usage: [""],
  description:
    'Prints the sweep `npm test` runs as one JSON object: for each feature level, "all" (the full-sweep levels) or\n' +
    "the suite files holding a test with a boundary at that level.",
  options: {},
});
