// The catalog's range of levels, which is the reference server's (MIN_ and MAX_FEATURE_LEVEL of
// reference-server/server.ts; test/cli/help.test.ts checks they agree), from a module light enough that --help
// need not load the server.
import { FIRST_LEVEL, LAST_LEVEL } from "../../catalog/schema.ts";
import { defineCommand } from "../options.ts";

/** The port `serve` listens on, and the one `run --container` expects the image to serve on. */
export const REFERENCE_PORT = 9991;
export const SERVE_HOST = "127.0.0.1";

/** `serve`: its options (src/cli/serve.ts applies them). */
export const SERVE = defineCommand({
  name: "serve",
  summary: "serve the reference server at any feature level, until Ctrl-C",
  usage: ["[--feature-level N] [--port P] [--json] [options]"],
  description:
    "Serves the reference server, behaving as a server of the given feature level, until SIGINT or SIGTERM.\n" +
    "It prints its URL and one account (email, API key, user id) per role; the default seed gives the same keys every time.",
  options: {
    "feature-level": { type: "string", value: "N", default: String(LAST_LEVEL), description: `the level the server behaves as (${FIRST_LEVEL}–${LAST_LEVEL})` },
    port: { type: "string", value: "P", default: String(REFERENCE_PORT), description: "the port to listen on (0 for a free one)" },
    host: { type: "string", value: "HOST", default: SERVE_HOST, description: "the address to listen on" },
    json: { type: "boolean", description: 'print one JSON line {"url","featureLevel","personas","serverConfig"} instead of text' },
    fault: { type: "string", multiple: true, value: "ID", description: "break one clause on purpose (a fault id of reference-server/faults/; repeatable)" },
    product: { type: "string", value: "NAME", default: "chat", description: "chat, or zulip: the key names of a real Zulip server (zulip_feature_level …)" },
    // The next four defaults are the reference server's own (reference-server/server.ts and its store), which
    // serve leaves in place when the option is not given.
    seed: { type: "string", value: "S", default: "chat-conformance", description: "seeds the API keys: the same seed gives the same keys" },
    "heartbeat-seconds": { type: "string", value: "N", default: "50", description: "how long GET /events waits before answering with a heartbeat (1–3600)" },
    "max-file-upload-size-mib": { type: "string", value: "N", default: "25", description: "the largest upload, in MiB (no API sets it)" },
    "upload-quota-mib": { type: "string", value: "N|none", default: "5120", description: "the organization's upload quota in MiB, or none (no API sets it)" },
  },
});
