import { join, resolve } from "node:path";
import { parseOptions } from "../cli/options.ts";
import { PROXY, PROXY_OUT, PROXY_PORT } from "../cli/specs/proxy.ts";
import { intOption, UsageError, type Io } from "../cli/usage.ts";
import { writeReports } from "../report/write.ts";
import { detectLevel } from "./level.ts";
import { startProxy, targetBase } from "./proxy.ts";
import { exitCodeOf } from "./report.ts";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * `proxy`: the validation proxy until SIGINT or SIGTERM, then the report and the --fail-on exit code. Bad options
 * and a target that cannot be reached at start are one line and exit 2 (UsageError, TargetError); once running,
 * whatever the target does is a finding and is passed through to the client.
 */
export async function proxyCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseOptions(PROXY, argv);
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
  const outDir = resolve(values.out ?? PROXY_OUT);
  const level = await detectLevel(target, assumeFl);
  let proxy;
  try {
    proxy = await startProxy({ target, level, port, host: values.host ?? "127.0.0.1", onFinding: (_f, line) => io.out(line) });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "EADDRINUSE") throw new UsageError(`port ${port} is already in use (try --port 0 for a free one)`);
    if (err.code === "EACCES") throw new UsageError(`not allowed to listen on port ${port}`);
    if (err.code === "EADDRNOTAVAIL" || err.code === "ENOTFOUND") throw new UsageError(`cannot listen on ${values.host}: ${err.code}`);
    throw e;
  }
  // Listening for the signals before the line goes out: whoever reads the line may stop the proxy at once.
  const stopped = new Promise<void>((done) => {
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
  const names = level.product === "zulip" ? "zulip_ names" : "chat_ names";
  io.err(`chat-conformance proxy: ${proxy.url} → ${target} (FL ${level.featureLevel}, ${names})${level.notes.map((n) => `\n  note: ${n}`).join("")}`);
  io.err(`  point your client at ${proxy.url} instead of ${target}; Ctrl-C writes the report to ${outDir}`);
  await stopped;
  await proxy.close();
  const results = proxy.results();
  writeReports(outDir, results);
  const errors = proxy.findings.filter((f) => f.severity === "error").length;
  const warnings = proxy.findings.length - errors;
  const clauses = new Set(proxy.findings.map((f) => f.clause)).size;
  io.err(`chat-conformance proxy: ${plural(errors, "violation")} and ${plural(warnings, "warning")} of ${plural(clauses, "clause")}; ${results.partial?.reasons[0] ?? ""}`);
  io.err(`reports: ${join(outDir, "results.json")}, ${join(outDir, "index.html")}, ${join(outDir, "junit.xml")}`);
  return exitCodeOf(proxy.findings, failOn);
}
