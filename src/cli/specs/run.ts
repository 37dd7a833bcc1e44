import { join } from "node:path";
// The catalog's range of levels, which is the reference server's (MIN_ and MAX_FEATURE_LEVEL of
// reference-server/server.ts; test/cli/help.test.ts checks they agree), from a module light enough that --help
// need not load the server.
import { FIRST_LEVEL, LAST_LEVEL } from "../../catalog/words.ts";
import { DEFAULT_MAX_WAIT_SECONDS } from "../../client/rate-limit.ts";
import { defineCommand } from "../options.ts";
import { SHARD_OPTIONS } from "../shard-option.ts";
import { REFERENCE_PORT } from "./serve.ts";

/** Where `run` writes its reports unless --out says otherwise (relative to the current directory). */
export const DEFAULT_OUT = join("reports", "latest");

/** `run`: its options (src/cli/run.ts applies them). */
export const RUN = defineCommand({
  name: "run",
  summary: "run the conformance suites against a server and write the reports",
  usage: [
    "[--feature-level N] [--fault ID]...            against the embedded reference server",
    "--target URL --personas FILE [--assume-fl N]   against any server",
    "--container IMAGE [--container-port P] [--container-env NAME=VALUE]... [--personas FILE]",
  ],
  description:
    "Runs the conformance suites against one target and writes results.json, index.html, junit.xml, allure-results/,\n" +
    "badge.json and badge.svg. Exits 0 when no applicable must-clause test fails, is blocked or errs, 1 when one does,\n" +
    "2 on bad input, an unreachable target, or a rate limit it cannot wait out within --max-wait (it says\n" +
    "rate-limited). Tests not verifiable on the target (each listed with what would make it runnable) do not count,\n" +
    "unless --strict. A progress line goes to stderr; the summary to stdout.",
  options: {
    "feature-level": {
      type: "string",
      value: "N",
      default: String(LAST_LEVEL),
      description: `the embedded reference server's level (${FIRST_LEVEL}–${LAST_LEVEL})`,
    },
    target: { type: "string", value: "URL", description: "run against the server at URL (with --personas)" },
    personas: {
      type: "string",
      value: "FILE",
      description:
        "one account per role, the object `serve --json` or `personas create` prints (with --target: this, else $CC_PERSONAS holding it; --container reads the image's own)",
    },
    "assume-fl": { type: "string", value: "N", description: "test as if the target were at level N, whatever it reports" },
    fault: { type: "string", multiple: true, value: "ID", description: "break one clause of the embedded reference server on purpose (repeatable)" },
    out: { type: "string", value: "DIR", default: DEFAULT_OUT, description: "where the reports go" },
    "history-link": {
      type: "string",
      value: "URL",
      description: "link index.html to the target's history.html at URL (`compare --history`; ../history.html when --out is one folder of it)",
    },
    filter: { type: "string", multiple: true, value: "PATH", description: "only the suite files whose path contains PATH (repeatable)" },
    expectations: {
      type: "string",
      value: "FILE|NAME",
      description: 'known deviations: {"expectedFail": {"<clause or test id>": "reason"}}, or a bundled list by name (zulip-10.2: a real Zulip 10.2)',
    },
    container: { type: "string", value: "IMAGE", description: "start IMAGE with testcontainers (Docker or Podman) and run against it" },
    "container-port": { type: "string", value: "P", default: String(REFERENCE_PORT), description: "the port the image serves the API on" },
    "container-env": { type: "string", multiple: true, value: "NAME=VALUE", description: "an environment variable for the container (repeatable)" },
    "read-only": { type: "boolean", description: "only the tests that change nothing on the server (for a production organization)" },
    "harness-host": {
      type: "string",
      value: "HOST",
      default: "$CC_HARNESS_HOST",
      description: "the harness's address as the target reaches it (webhook and push bouncer tests)",
    },
    ...SHARD_OPTIONS,
    strict: { type: "boolean", description: "count tests not verifiable on this target as problems (exit 1)" },
    seed: { type: "string", value: "N", description: "start every property test from seed N, to replay a failure that printed it" },
    "rate-limit": {
      type: "string",
      value: "auto|N/SECONDS|off",
      default: "auto",
      description:
        "auto: wait out each 429 for its Retry-After and send again, and follow X-RateLimit-Remaining/-Reset; N/SECONDS: also at most N requests per persona in any SECONDS; off: a 429 is the test's answer",
    },
    "max-wait": {
      type: "string",
      value: "SECONDS",
      default: String(DEFAULT_MAX_WAIT_SECONDS),
      description: "the most a persona may wait for the target's rate limit in a run; past it the run says rate-limited and exits 2",
    },
  },
});
