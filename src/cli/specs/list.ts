import { AREAS, RELEASES } from "../../catalog/words.ts";
import { defineCommand } from "../options.ts";

/** `list`: its options (src/cli/commands/list.ts applies them). */
export const LIST = defineCommand({
  name: "list",
  summary: "list the catalog's clauses (or its conflicts), filtered, with the tests that cover them",
  usage: [
    "[--fl N] [--release R] [--area A] [--tag T] [--untested] [--json]",
    "--conflicts [--fl N] [--json]",
    "--operations [--fl N] [--product chat|zulip] [--json]",
    "--events [--results FILE]... [--json]",
    "--faults [--area A] [--json]",
    "--quirks [--json]",
    "--client-clauses [--json]",
  ],
  description:
    "Lists the catalog's clauses, one a line with a footer of counts and test coverage, or as one JSON array.\nThe filters combine.\n" +
    "--operations lists instead the endpoints the reference server serves at level --fl N (default: the last level), under\n" +
    "the names of --product (zulip: the real product's paths, as `serve --product zulip` serves them), with the level each appeared.\n" +
    "--events lists the state invariant's coverage: every event type and op of the catalog and the client-side model,\n" +
    "whether the model reduces it, and, from runs' results.json (--results, default reports/latest/results.json when it\n" +
    "exists), whether an action produced it and the levels at which register + events = refetch was verified.\n" +
    "--faults lists the reference server's named faults (what `run --fault ID` takes): each one's id, the clause it breaks\n" +
    "and its area, what it does, and the level its self-test runs it at when that is not the last.\n" +
    "--quirks lists the quirks `serve --quirks` and `proxy --inject` make: what each does, and what a correct client does.\n" +
    "--client-clauses lists the client clauses `proxy` and `serve --quirks` judge each client by: what each requires,\n" +
    "how its traffic decides it (with the tolerances), and the quirks that exercise it.",
  options: {
    fl: { type: "string", value: "N", description: "clauses introduced or ended at level N" },
    release: { type: "string", value: "R", description: `clauses whose level belongs to release R (${RELEASES.join(", ")})` },
    area: { type: "string", value: "A", description: `clauses of one area (${AREAS.slice(0, 3).join(", ")}, …)` },
    tag: { type: "string", value: "T", description: "clauses carrying tag T (src/catalog/tags.ts)" },
    untested: { type: "boolean", description: "testable clauses that no test names" },
    conflicts: { type: "boolean", description: "the spec's self-contradictions and their resolutions, instead of clauses" },
    operations: { type: "boolean", description: "the endpoints the reference server serves at --fl N, instead of clauses" },
    product: { type: "string", value: "NAME", default: "chat", description: "with --operations: chat, or zulip for the real product's paths" },
    events: { type: "boolean", description: "the state invariant's event coverage, instead of clauses" },
    faults: { type: "boolean", description: "the reference server's faults (for run --fault), with the clause and area each breaks" },
    quirks: { type: "boolean", description: "the quirks (for serve --quirks, proxy --inject): what each does, what a correct client does" },
    "client-clauses": { type: "boolean", description: "the client clauses (proxy, serve --quirks): what a client must do, judged how" },
    results: { type: "string", value: "FILE", multiple: true, description: "with --events: a run's results.json (repeatable: one per level)" },
    json: { type: "boolean", description: "one JSON array instead of text" },
  },
});
