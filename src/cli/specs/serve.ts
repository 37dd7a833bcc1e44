// The catalog's range of levels, which is the reference server's (MIN_ and MAX_FEATURE_LEVEL of
// reference-server/server.ts; test/cli/help.test.ts checks they agree), from a module light enough that --help
// need not load the server.
import { FIRST_LEVEL, LAST_LEVEL } from "../../catalog/words.ts";
import { defineCommand } from "../options.ts";

/** The port `serve` listens on, and the one `run --container` expects the image to serve on. */
export const REFERENCE_PORT = 9991;
export const SERVE_HOST = "127.0.0.1";
/** Where serve --quirks writes its client report (results.json, index.html, junit.xml) when it stops. */
export const SERVE_CLIENTS_OUT = "reports/clients";

/** `serve`: its options (src/cli/serve.ts applies them). */
export const SERVE = defineCommand({
  name: "serve",
  summary: "serve the reference server at any feature level, until Ctrl-C",
  usage: ["[--feature-level N] [--port P] [--json] [--seed FILE] [options]", "--quirks NAME,...|all [--quirks-seed N] [options]"],
  description:
    "Serves the reference server, behaving as a server of the given feature level, until SIGINT or SIGTERM; on either\n" +
    "it stops taking connections, answers open GET /events long-polls with their heartbeat, and exits 0.\n" +
    "It prints its URL and one account (email, API key, user id) per persona; the default key seed gives the same keys every time.\n" +
    "\n" +
    "--product zulip serves real Zulip clients (apps, client libraries, bots): every identifier the spec renames is\n" +
    "sent and accepted in Zulip's spelling (zulip_feature_level, realm_jitsi_server_url, GET /calls/bigbluebutton/create …),\n" +
    "every operation of Zulip's API that existed at the level answers (list them: chat-conformance list --operations\n" +
    "--fl N --product zulip), and an operation newer than the level is 404 'No such endpoint', before authentication.\n" +
    "Log a client in with a printed account (email + API key, HTTP Basic), or through the development login that\n" +
    "server_settings announces (dev: true): GET /api/v1/dev_list_users, then POST /api/v1/dev_fetch_api_key username=EMAIL.\n" +
    "\n" +
    "--quirks makes named, legal behaviours of real servers that a careful client survives (chat-conformance list\n" +
    "--quirks says what each does and what a correct client does): the wire ones (rate limits, an expired queue, a\n" +
    "restart, early heartbeats and empty answers, cut polls, 5xx bursts, latency) by a front on the public port that\n" +
    "stands before the server, as proxy --inject does, each drawn from --quirks-seed so that a session replays; the\n" +
    "data ones in the organization it starts with. Each prints one line when it fires (on stderr with --json), and\n" +
    "GET /reference-control/quirks answers the list of firings (JSON: time, quirk, request, done). When it stops, each\n" +
    "client it served (an account and User-Agent) is judged on the client clauses (re-registers after\n" +
    "BAD_EVENT_QUEUE_ID, waits as Retry-After says, backs off on 5xx, acknowledges events, …), one line per clause\n" +
    "broken, and the report (results.json, index.html, junit.xml) goes to --out; with --fail-on it exits 1 when a\n" +
    "client broke a clause at or above it (error: a must clause; warning: any).\n" +
    "\n" +
    "--seed FILE starts it with your own organization instead of fixtures/realm.json, a JSON file in the same format:\n" +
    "  realm      (required) {name, string_id, description, empty_topic_display_name}; all strings, description may be empty\n" +
    "  users      (required, at least one, one of them an owner) each {persona, full_name, email, role} and, for a bot,\n" +
    "             bot_type (1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded) and optionally bot_owner (a\n" +
    "             person's persona); role: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest;\n" +
    "             can_create_users false withholds what POST /users needs (Zulip's can_create_users; default: held)\n" +
    "  channels   (required, may be empty) each {name, description, invite_only, subscribers: [persona, ...]} and\n" +
    "             optionally is_web_public, history_public_to_subscribers (default: not invite_only), is_default\n" +
    "Personas and emails are unique; the printed accounts are keyed by persona. Keys the format lacks are errors\n" +
    '(but a top-level "$comment"). For example:\n' +
    '  {"realm": {"name": "Acme", "string_id": "acme", "description": "", "empty_topic_display_name": "general chat"},\n' +
    '   "users": [{"persona": "owner", "full_name": "Ann Owner", "email": "ann@acme.example", "role": 100},\n' +
    '             {"persona": "member", "full_name": "Bo Member", "email": "bo@acme.example", "role": 400}],\n' +
    '   "channels": [{"name": "general", "description": "", "invite_only": false, "subscribers": ["owner", "member"]}]}',
  options: {
    "feature-level": { type: "string", value: "N", default: String(LAST_LEVEL), description: `the level the server behaves as (${FIRST_LEVEL}–${LAST_LEVEL})` },
    port: { type: "string", value: "P", default: String(REFERENCE_PORT), description: "the port to listen on (0 for a free one)" },
    host: { type: "string", value: "HOST", default: SERVE_HOST, description: "the address to listen on" },
    json: { type: "boolean", description: 'print one JSON line {"url","featureLevel","personas","serverConfig"} instead of text' },
    fault: { type: "string", multiple: true, value: "ID", description: "break one clause on purpose (a fault id of reference-server/faults/; repeatable)" },
    product: {
      type: "string",
      value: "NAME",
      default: "chat",
      description: "chat (the spec's names), or zulip: a real Zulip server's names and operations (above)",
    },
    seed: {
      type: "string",
      value: "FILE",
      default: "the package's fixtures/realm.json",
      description: "the organization to start with: users, channels, realm (format above)",
    },
    // The next five defaults are the reference server's own (reference-server/server.ts and its store), which
    // serve leaves in place when the option is not given.
    "key-seed": { type: "string", value: "S", default: "chat-conformance", description: "seeds the API keys: the same seed gives the same keys" },
    "heartbeat-seconds": { type: "string", value: "N", default: "50", description: "how long GET /events waits before answering with a heartbeat (1–3600)" },
    "queue-timeout-seconds": {
      type: "string",
      value: "N",
      default: "600",
      description: "how long an event queue lives unpolled, unless its client set queue_lifespan_secs (1–604800)",
    },
    "max-file-upload-size-mib": { type: "string", value: "N", default: "25", description: "the largest upload, in MiB (no API sets it)" },
    "upload-quota-mib": { type: "string", value: "N|none", default: "5120", description: "the organization's upload quota in MiB, or none (no API sets it)" },
    "rate-limit": {
      type: "string",
      value: "N/SECONDS|off",
      default: "off",
      description: "at most N requests per user in any SECONDS, as real servers (default 200/60); over it: 429 RATE_LIMIT_HIT, Retry-After",
    },
    "events-rate-limit": {
      type: "string",
      value: "BURST/SECONDS|off",
      default: "200/0.3 with --rate-limit, else off",
      description: "GET /events' own limit per user: a burst of BURST, then one request per SECONDS",
    },
    quirks: {
      type: "string",
      multiple: true,
      value: "NAME,...|all",
      description: "make these quirks, wire and data (list --quirks names them; repeatable)",
    },
    "quirks-seed": { type: "string", value: "N", default: "1", description: "seeds the wire quirks' schedules: the same seed, the same schedule" },
    out: {
      type: "string",
      value: "DIR",
      default: SERVE_CLIENTS_OUT,
      description: "with --quirks: where the client report goes when it stops (each client judged on the client clauses)",
    },
    "fail-on": {
      type: "string",
      value: "LEVEL",
      description: "with --quirks: exit 1 when a client broke a must client clause (error) or any (warning); default exit 0",
    },
    "camo-uri": {
      type: "string",
      value: "URL",
      description: "preview external images and videos in messages through this image proxy (Zulip's CAMO_URI; needs --camo-key)",
    },
    "camo-key": { type: "string", value: "KEY", description: "the proxy's key (CAMO_KEY): previews link URL/external_content/<HMAC-SHA1>/<hex URL>" },
  },
});
