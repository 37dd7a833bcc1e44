import { join } from "node:path";
import { defineCommand } from "../options.ts";

/** Where `proxy` writes its report on exit unless --out says otherwise. */
export const PROXY_OUT = join("reports", "proxy");
/** The port the proxy listens on by default: next to serve's 9991. */
export const PROXY_PORT = 9992;
/** How long `proxy` waits by default for a target that is not listening yet (a server started beside it in CI). */
export const PROXY_WAIT_SECONDS = 30;

/** `proxy`: its options (src/cli/proxy.ts applies them). */
export const PROXY = defineCommand({
  name: "proxy",
  summary: "check a real client's live traffic against the spec, between the client and its server",
  usage: [
    "--target URL [--port P] [--out DIR] [--fail-on error|warning] [--wait SECONDS]",
    "--target URL [options] -- CMD [ARGS...]   (in CI: run CMD through the proxy)",
    "--target URL --inject NAME,...|all [--quirks-seed N] [options]",
  ],
  description:
    "Listens on plain HTTP and passes every request to the target unchanged (bodies streamed both ways, uploads,\n" +
    "tus, long-polls; only Host becomes the target's), and every answer back unchanged. Point a client (an app, a\n" +
    "terminal client, a bot) at the proxy's URL instead of the server's and use it as usual.\n" +
    "\n" +
    "It detects the target's feature level (chat_ or zulip_ names), learns each client's capabilities from its\n" +
    "register call, and checks every answer and every event against the spec at that level: the envelope and error\n" +
    "codes, fields that must or must not exist, deprecated aliases, empty-topic substitution, ignored parameters.\n" +
    "A request that uses what the level does not offer (an endpoint or parameter of a later level, a removed one, a\n" +
    "capability the level lacks) is a warning. Each finding is one line on stdout as it happens.\n" +
    "\n" +
    "On SIGINT (Ctrl-C) or SIGTERM it writes results.json, index.html, junit.xml, badge.json and badge.svg (one row\n" +
    "per clause, each violation with its exchange and a curl line) and exits 1 when a finding at or above --fail-on\n" +
    "was seen, else 0; 2 on bad input or a target that cannot be reached at start.\n" +
    "\n" +
    "With -- CMD ARGS... it runs CMD once it listens, with CC_PROXY_URL set to its URL, passes SIGINT and SIGTERM on\n" +
    "to CMD, and stops when CMD ends: the report, then exit 1 on a finding at or above --fail-on, else CMD's exit\n" +
    "code (2 when CMD cannot be started). A target that does not listen yet (a server started beside it) is waited\n" +
    "for up to --wait seconds, then exit 2 with the reason.\n" +
    "\n" +
    "Throw-away organizations a reference server's control starts (POST /reference-control/organization) are proxied\n" +
    "too, each on a port of its own: the control's answer names the proxied URL, and their traffic is in the report.\n" +
    "\n" +
    "--inject makes wire quirks on the traffic, without touching the server: legal behaviours of real servers that a\n" +
    "careful client survives (rate limits, an expired queue, a restart, early heartbeats and empty answers, cut polls,\n" +
    "5xx bursts, latency), each drawn from --quirks-seed so that a session replays, and each printed on stdout as one\n" +
    "line when it fires, and all of them go to quirks.json beside the report. chat-conformance list --quirks says what\n" +
    "each does and what a correct client does.",
  options: {
    target: { type: "string", value: "URL", description: "the server to pass traffic to (http or https, with any path prefix)" },
    port: { type: "string", value: "P", default: String(PROXY_PORT), description: "the port to listen on (0 for a free one)" },
    host: { type: "string", value: "HOST", default: "127.0.0.1", description: "the address to listen on" },
    out: { type: "string", value: "DIR", default: PROXY_OUT, description: "where the report goes on exit" },
    "fail-on": { type: "string", value: "LEVEL", default: "error", description: "error: exit 1 on a violation of the spec; warning: on any finding" },
    wait: {
      type: "string",
      value: "SECONDS",
      default: String(PROXY_WAIT_SECONDS),
      description: "how long to wait at start for a target that is not listening yet (0: not at all)",
    },
    "assume-fl": { type: "string", value: "N", description: "check as if the target were at level N, whatever it reports" },
    inject: {
      type: "string",
      multiple: true,
      value: "NAME,...|all",
      description: "make these wire quirks on the traffic (list --quirks names them; repeatable)",
    },
    "quirks-seed": { type: "string", value: "N", default: "1", description: "seeds the quirks' schedules: the same seed, the same schedule" },
  },
});
