import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseOptions } from "./options.ts";
import { checkOutDir } from "./out-option.ts";
import { PROXY, PROXY_OUT, PROXY_PORT, PROXY_WAIT_SECONDS } from "./specs/proxy.ts";
import { intOption, UsageError, type Io } from "./usage.ts";
import { TargetError } from "../target/detect.ts";
import { REPORT_FILES, writeReports } from "../report/write.ts";
import { startChild, type Child, type Ended } from "./proxy-child.ts";
import { detectLevel } from "../proxy/level.ts";
import { startProxy, targetBase } from "../proxy/proxy.ts";
import { exitCodeOf, sessionHeadline } from "../proxy/report.ts";
import { clientLines } from "../judge/results.ts";
import { TargetNotUp, waitForTarget } from "../proxy/wait.ts";
import { DEFAULT_QUIRK_SEED, firingsSummary, QuirkEngine } from "../quirks/engine.ts";
import { quirksOption } from "./quirks-option.ts";

/** With --inject, the firings go beside the report: a JSON array of {time, quirk, request, done}. */
export const QUIRKS_FILE = "quirks.json";

/** The environment variable that tells `proxy -- CMD`'s command where the proxy listens. */
export const PROXY_URL_ENV = "CC_PROXY_URL";

/** The proxy's own arguments and the command after the first `--`, if any (`--` with nothing after is an error). */
export function splitCommand(argv: readonly string[]): { own: string[]; command: string[] | undefined } {
  const dash = argv.indexOf("--");
  if (dash < 0) return { own: [...argv], command: undefined };
  const command = argv.slice(dash + 1);
  if (command.length === 0) throw new UsageError("nothing after --: give the command to run through the proxy (proxy --target URL -- CMD ARGS…)");
  return { own: argv.slice(0, dash), command };
}

/**
 * `proxy`: the validation proxy until SIGINT or SIGTERM (or, with `-- CMD ARGS…`, until that command ends), then
 * the report and the --fail-on exit code. Bad options, a command that cannot start and a target that cannot be
 * reached at start are one line and exit 2 (UsageError, TargetError); a target not listening yet is waited for,
 * up to --wait seconds. Once running, whatever the target does is a finding and is passed through to the client.
 */
export async function proxyCommand(argv: string[], io: Io): Promise<number> {
  const { own, command } = splitCommand(argv);
  const { values } = parseOptions(PROXY, own);
  if (values.target === undefined) throw new UsageError("proxy needs --target URL (the server your client would talk to)");
  let target: string;
  try {
    target = targetBase(values.target);
  } catch {
    throw new UsageError(`--target must be an http(s) URL, got '${values.target}'`);
  }
  const failOn = values["fail-on"] ?? "error";
  if (failOn !== "error" && failOn !== "warning") throw new UsageError(`--fail-on must be error or warning, got '${failOn}'`);
  const port = intOption("port", values.port, 0, 65535) ?? PROXY_PORT;
  const assumeFl = intOption("assume-fl", values["assume-fl"], 0, 10_000);
  const waitSeconds = intOption("wait", values.wait, 0, 3600) ?? PROXY_WAIT_SECONDS;
  // Checked before the proxy starts: a session whose report cannot be written at the end was for nothing.
  const outDir = checkOutDir("--out", values.out ?? PROXY_OUT, values.inject ? [...REPORT_FILES, QUIRKS_FILE] : REPORT_FILES);
  const inject = quirksOption("inject", values.inject, "wire");
  const quirksSeed = intOption("quirks-seed", values["quirks-seed"], 0, 2 ** 32 - 1) ?? DEFAULT_QUIRK_SEED;
  if (values["quirks-seed"] !== undefined && !inject) throw new UsageError("--quirks-seed goes with --inject");

  // Until the proxy listens, a signal stops the process at once (its default): nothing was proxied, nothing to report.
  try {
    await waitForTarget(target, waitSeconds, (reason) => {
      io.err(`chat-conformance proxy: waiting up to ${waitSeconds} s for ${target} to answer (${reason})`);
    });
  } catch (e) {
    if (e instanceof TargetNotUp) throw new TargetError(e.message);
    throw e;
  }
  const level = await detectLevel(target, assumeFl);
  const quirks = inject ? new QuirkEngine({ quirks: inject, seed: quirksSeed, level, onFiring: (_f, line) => io.out(line) }) : undefined;
  let proxy;
  try {
    proxy = await startProxy({
      target,
      level,
      port,
      host: values.host ?? "127.0.0.1",
      onFinding: (_f, line) => io.out(line),
      onOrganization: (real, url) => io.err(`  throw-away organization ${real} proxied at ${url}`),
      ...(quirks ? { quirks } : {}),
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "EADDRINUSE") throw new UsageError(`port ${port} is already in use (try --port 0 for a free one)`);
    if (err.code === "EACCES") throw new UsageError(`not allowed to listen on port ${port}`);
    if (err.code === "EADDRNOTAVAIL" || err.code === "ENOTFOUND") throw new UsageError(`cannot listen on ${values.host}: ${err.code}`);
    throw e;
  }
  // Listening for the signals before the line goes out: whoever reads the line may stop the proxy at once. With a
  // command, a signal is passed on to it (kept until it has started) and the proxy stops when the command has ended.
  let child: Child | undefined;
  let pendingSignal: NodeJS.Signals | undefined;
  let stopNow: () => void = () => undefined;
  const stopped = new Promise<void>((done) => (stopNow = done));
  const onSignal = (s: NodeJS.Signals) => {
    if (!command) return stopNow();
    if (child) child.signal(s);
    else pendingSignal = s;
  };
  process.on("SIGINT", onSignal).on("SIGTERM", onSignal);
  const names = level.product === "zulip" ? "zulip_ names" : "chat_ names";
  io.err(`chat-conformance proxy: ${proxy.url} → ${target} (FL ${level.featureLevel}, ${names})${level.notes.map((n) => `\n  note: ${n}`).join("")}`);
  if (quirks) io.err(`  making the wire quirks ${quirks.names.join(", ")} (--quirks-seed ${quirksSeed}); each prints a line as it fires`);
  let ended: Ended | undefined;
  try {
    if (command) {
      try {
        child = await startChild(command, { [PROXY_URL_ENV]: proxy.url });
      } catch (e) {
        await proxy.close();
        throw e;
      }
      io.err(`  running ${command.join(" ")} with ${PROXY_URL_ENV}=${proxy.url}; the report goes to ${outDir} when it ends`);
      if (pendingSignal) child.signal(pendingSignal);
      ended = await child.ended;
    } else {
      io.err(`  point your client at ${proxy.url} instead of ${target}; Ctrl-C writes the report to ${outDir}`);
      await stopped;
    }
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
  }
  await proxy.close();
  const results = proxy.results();
  writeReports(outDir, results);
  const errors = proxy.findings.filter((f) => f.severity === "error").length;
  const warnings = proxy.findings.length - errors;
  // The client clauses are judged over the whole session, so their verdicts come at its end, not as findings.
  for (const line of clientLines(results.tests)) io.out(line);
  io.err(`chat-conformance proxy: ${sessionHeadline(results, proxy.counts, proxy.findings)}`);
  if (quirks) {
    writeFileSync(join(outDir, QUIRKS_FILE), `${JSON.stringify(quirks.log, null, 2)}\n`);
    io.err(`chat-conformance proxy: ${firingsSummary(quirks.log)}; each in ${join(outDir, QUIRKS_FILE)}`);
  }
  io.err(`reports: ${join(outDir, "results.json")}, ${join(outDir, "index.html")}, ${join(outDir, "junit.xml")}`);
  const verdict = exitCodeOf(proxy.findings, failOn, results.tests);
  if (!ended) return verdict;
  const { code, signal } = ended;
  io.err(
    `chat-conformance proxy: ${command!.join(" ")} ${signal ? `ended by ${signal}` : `exited ${code}`}${verdict ? `; exit 1 for ${errors + warnings ? `the finding${errors + warnings === 1 ? "" : "s"}` : "the client clauses broken"} at or above --fail-on ${failOn}` : ""}`,
  );
  return verdict || code;
}
