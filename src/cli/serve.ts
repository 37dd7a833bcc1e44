import { createReferenceServer, MAX_FEATURE_LEVEL, MIN_FEATURE_LEVEL } from "../../reference-server/server.ts";
import { MAX_RATE_LIMIT_REQUESTS } from "../../reference-server/http/rate-limit.ts";
import { RealmFixtureSchema } from "../../reference-server/state/fixture-schema.ts";
import { limitOption } from "./limit-option.ts";
import { readJsonOption } from "./json-file.ts";
import { parseOptions } from "./options.ts";
import { REFERENCE_PORT, SERVE, SERVE_CLIENTS_OUT, SERVE_HOST } from "./specs/serve.ts";
import { intOption, UsageError, type Io } from "./usage.ts";
import { quirksOption } from "./quirks-option.ts";
import { DATA_QUIRKS, WIRE_QUIRKS } from "../../facts/quirks.ts";
import { startForwarder, type Forwarder } from "../proxy/forward.ts";
import { DEFAULT_QUIRK_SEED, QuirkEngine } from "../quirks/engine.ts";
import { ClientJudge } from "../judge/judge.ts";
import { clientExitCode, clientHeadline, clientLines, clientSessionResults } from "../judge/results.ts";
import { REPORT_FILES, writeReports } from "../report/write.ts";
import { checkOutDir } from "./out-option.ts";

/** `serve`: the reference server on a port, until SIGINT or SIGTERM. */
export async function serveCommand(argv: string[], io: Io): Promise<number> {
  // The options and their help: src/cli/specs/serve.ts.
  const { values } = parseOptions(SERVE, argv);
  const featureLevel = intOption("feature-level", values["feature-level"], MIN_FEATURE_LEVEL, MAX_FEATURE_LEVEL) ?? MAX_FEATURE_LEVEL;
  const port = intOption("port", values.port, 0, 65535) ?? REFERENCE_PORT;
  const heartbeat = intOption("heartbeat-seconds", values["heartbeat-seconds"], 1, 3600);
  // The longest lifespan a client may ask for (queue_lifespan_secs): 7 days.
  const queueTimeout = intOption("queue-timeout-seconds", values["queue-timeout-seconds"], 1, 7 * 24 * 3600);
  const maxUpload = intOption("max-file-upload-size-mib", values["max-file-upload-size-mib"], 0, 100_000);
  // The organization's upload quota, which no API sets: a number of MiB, or "none".
  const quotaRaw = values["upload-quota-mib"];
  const quota = quotaRaw === "none" ? null : intOption("upload-quota-mib", quotaRaw, 0, 100_000_000);
  const product = values.product ?? "chat";
  if (product !== "chat" && product !== "zulip") throw new UsageError(`--product must be chat or zulip, got '${product}'`);
  // Real servers' limits (wire §18), off unless asked for; --events-rate-limit defaults to their pace with --rate-limit.
  const rate = limitOption("rate-limit", values["rate-limit"], MAX_RATE_LIMIT_REQUESTS);
  const eventsRate = limitOption("events-rate-limit", values["events-rate-limit"], 1_000_000, "BURST/SECONDS", "200/0.3");
  const organization = values.seed === undefined ? undefined : readJsonOption("--seed", values.seed, RealmFixtureSchema, (msg) => new UsageError(msg));
  const quirks = quirksOption("quirks", values.quirks, "any");
  const quirksSeed = intOption("quirks-seed", values["quirks-seed"], 0, 2 ** 32 - 1) ?? DEFAULT_QUIRK_SEED;
  if (values["quirks-seed"] !== undefined && !quirks) throw new UsageError("--quirks-seed goes with --quirks");
  const dataQuirks = (quirks ?? []).filter((q) => DATA_QUIRKS.includes(q));
  if (values.out !== undefined && !quirks) throw new UsageError("--out goes with --quirks (the client report of a session with quirks)");
  const failOn = values["fail-on"];
  if (failOn !== undefined && !quirks) throw new UsageError("--fail-on goes with --quirks (the client clauses of a session with quirks)");
  if (failOn !== undefined && failOn !== "error" && failOn !== "warning") throw new UsageError(`--fail-on must be error or warning, got '${failOn}'`);
  // Checked before the server starts: a session whose report cannot be written at the end was for nothing.
  const outDir = quirks ? checkOutDir("--out", values.out ?? SERVE_CLIENTS_OUT, REPORT_FILES) : undefined;
  const host = values.host ?? SERVE_HOST;
  // An image proxy is the user's own (the server fetches nothing): its base URL and key come together.
  const camoUri = values["camo-uri"];
  const camoKey = values["camo-key"];
  if ((camoUri === undefined) !== (camoKey === undefined)) throw new UsageError("--camo-uri and --camo-key go together");
  let server;
  try {
    server = await createReferenceServer({
      featureLevel,
      // With quirks the server sits on a free local port, behind the front that makes the wire ones on the public one.
      port: quirks ? 0 : port,
      host: quirks ? SERVE_HOST : host,
      ...(dataQuirks.length ? { quirks: dataQuirks } : {}),
      faults: values.fault ?? [],
      product,
      ...(values["key-seed"] !== undefined ? { seed: values["key-seed"] } : {}),
      ...(organization !== undefined ? { organization } : {}),
      ...(heartbeat !== undefined ? { heartbeatMs: heartbeat * 1000 } : {}),
      ...(queueTimeout !== undefined ? { queueTimeoutSeconds: queueTimeout } : {}),
      ...(maxUpload !== undefined ? { maxFileUploadSizeMib: maxUpload } : {}),
      ...(quota !== undefined ? { uploadQuotaMib: quota } : {}),
      ...(rate ? { rateLimit: { requests: rate.count, windowSeconds: rate.seconds } } : {}),
      ...(camoUri !== undefined && camoKey !== undefined ? { camo: { uri: camoUri.endsWith("/") ? camoUri : `${camoUri}/`, key: camoKey } } : {}),
      ...(eventsRate !== undefined ? { eventsRateLimit: eventsRate === null ? null : { burst: eventsRate.count, intervalSeconds: eventsRate.seconds } } : {}),
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "EADDRINUSE") throw new UsageError(`port ${port} is already in use (try --port 0 for a free one)`);
    if (err.code === "EACCES") throw new UsageError(`not allowed to listen on port ${port}`);
    throw new UsageError(err.message);
  }
  // Firing lines go to stdout, but with --json, whose one line there is for a program to read.
  const say = values.json ? io.err : io.out;
  let front: Forwarder | undefined;
  let judge: ClientJudge | undefined;
  let noteDataQuirks = () => {};
  const startedAt = new Date();
  let url = server.url;
  if (quirks) {
    const engine = new QuirkEngine({
      quirks: quirks.filter((q) => WIRE_QUIRKS.includes(q)),
      seed: quirksSeed,
      level: { featureLevel, product },
      answersLog: true,
      onFiring: (_f, line) => say(line),
    });
    // The data quirks' lines join the log after the banner, where the engine prints them like any firing.
    noteDataQuirks = () => {
      for (const line of server.quirkLog) {
        const m = /^quirk ([\w-]+): (.*)$/.exec(line);
        engine.note(m?.[1] ?? "data", "(the organization, at start)", m?.[2] ?? line);
      }
    };
    try {
      judge = new ClientJudge({ featureLevel, product });
      const judging = judge;
      front = await startForwarder({ target: server.url, quirks: engine, onExchange: (ex) => judging.take(ex) }, host, port);
    } catch (e) {
      await server.close();
      const err = e as NodeJS.ErrnoException;
      if (err.code === "EADDRINUSE") throw new UsageError(`port ${port} is already in use (try --port 0 for a free one)`);
      if (err.code === "EACCES") throw new UsageError(`not allowed to listen on port ${port}`);
      throw new UsageError(err.message);
    }
    // The URLs the server gives out (realm_url, server_settings) name the front, so that clients stay behind it.
    url = server.runtime.url = front.url;
  }
  // Listening for the signals before the line goes out: whoever reads the line may stop the server at once.
  const stopped = new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  if (values.json) {
    io.out(JSON.stringify({ url, featureLevel, personas: server.personas, serverConfig: server.serverConfig }));
  } else {
    io.out(`reference server at FL ${featureLevel} listening on ${url}  (API under ${url}/api/v1)`);
    for (const [role, p] of Object.entries(server.personas)) io.out(`  ${role.padEnd(14)} ${p.email.padEnd(24)} ${p.apiKey}  user ${p.userId}`);
  }
  if (quirks) {
    noteDataQuirks();
    say(`quirks: ${quirks.join(", ")} (--quirks-seed ${quirksSeed}); each prints a line as it fires, and ${url}/reference-control/quirks lists them`);
  }
  if (!values.json) io.out("Ctrl-C stops it.");
  await stopped;
  // The server first: its open long-polls end with their heartbeat, through the front, before the front closes.
  await server.close();
  await front?.close();
  if (judge && outDir) {
    await judge.settled();
    const results = clientSessionResults({ targetUrl: url, featureLevel, product, startedAt, judge });
    writeReports(outDir, results);
    for (const line of clientLines(results.tests)) say(line);
    say(`${clientHeadline(results.tests) || "clients: none judged (no authenticated request came but this tool's own)"}; the client report: ${outDir}`);
    if (failOn) return clientExitCode(results.tests, failOn);
  }
  return 0;
}
