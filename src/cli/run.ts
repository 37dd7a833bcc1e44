import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startVitest } from "vitest/node";
import { MAX_FEATURE_LEVEL, MIN_FEATURE_LEVEL, ReferenceServerOptionError } from "../../reference-server/server.ts";
import { catalog } from "../catalog/catalog.ts";
import { coverage } from "../catalog/lint.ts";
import { collectTests } from "../expect/collect.ts";
import { ISOLATED_SUITES } from "../expect/isolation.ts";
import { buildResults } from "../report/build.ts";
import type { Results } from "../report/schema.ts";
import { ConformanceCollector } from "../report/collector.ts";
import { renderHtml } from "../report/html.ts";
import { renderJunit } from "../report/junit.ts";
import { ALLURE_CATEGORIES } from "../report/allure.ts";
import { badgeOf, renderBadgeSvg } from "../report/badge.ts";
import { renderSummary } from "../report/summary.ts";
import { applyExpectations, readExpectations } from "../report/expectations.ts";
import { detectTarget } from "../target/detect.ts";
import { personasOf, PersonasSchema, type Personas } from "../target/personas.ts";
import { startReferenceTarget } from "../target/reference.ts";
import { startContainerTarget } from "../target/container.ts";
import type { TargetInfo } from "../target/target.ts";
import { serverConfigOf } from "../target/server-config.ts";
import { intOption, UsageError, type Io } from "./usage.ts";
import { describeIssue, readJsonOption } from "./json-file.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

function readPersonas(file: string): Personas {
  const { value, prefix } = personasOf(readJsonOption("--personas", file, z.unknown(), (m) => new UsageError(m)));
  const r = PersonasSchema.safeParse(value);
  if (!r.success) throw new UsageError(`--personas ${file}: ${describeIssue(r.error, prefix)}`);
  if (Object.keys(r.data).length === 0) throw new UsageError(`--personas ${file}: names no persona (expected e.g. {"personas": {"member": {"email", "apiKey", "userId"}}})`);
  return r.data;
}

/** The `serverConfig` object of a --personas document (src/target/server-config.ts), if any. */
function readServerConfig(file: string): TargetInfo["serverConfig"] {
  try {
    return serverConfigOf(readJsonOption("--personas", file, z.unknown(), (m) => new UsageError(m)));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`--personas ${file}: ${(e as Error).message}`);
  }
}

function checkUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new UsageError(`--target must be an http(s) URL, got '${raw}'`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new UsageError(`--target must be an http(s) URL, got '${raw}'`);
  return u.origin + u.pathname.replace(/\/+$/, "");
}

const RUN_OPTIONS = {
  "feature-level": { type: "string" },
  target: { type: "string" },
  personas: { type: "string" },
  "assume-fl": { type: "string" },
  fault: { type: "string", multiple: true },
  out: { type: "string" },
  filter: { type: "string", multiple: true },
  expectations: { type: "string" },
  container: { type: "string" },
  "container-port": { type: "string" },
  "container-env": { type: "string", multiple: true },
  "read-only": { type: "boolean" },
} as const;

type RunValues = ReturnType<typeof parseArgs<{ options: typeof RUN_OPTIONS; strict: true }>>["values"];

/** Every report of a run, rendered from its one results document. */
function writeReports(outDir: string, results: Results): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, "index.html"), renderHtml(results));
  writeFileSync(join(outDir, "junit.xml"), renderJunit(results));
  const badge = badgeOf(results);
  writeFileSync(join(outDir, "badge.json"), `${JSON.stringify(badge)}\n`);
  writeFileSync(join(outDir, "badge.svg"), renderBadgeSvg(badge));
}

type Opened = { target: TargetInfo; close: () => Promise<void> };

/** --container IMAGE: started with testcontainers; personas from --personas or the image's own line. */
async function containerTarget(values: RunValues, image: string, assumeFl: number | undefined): Promise<Opened> {
  const env = Object.fromEntries(
    (values["container-env"] ?? []).map((kv) => {
      const i = kv.indexOf("=");
      if (i <= 0) throw new UsageError(`--container-env must be NAME=VALUE, got '${kv}'`);
      return [kv.slice(0, i), kv.slice(i + 1)];
    }),
  );
  const serverConfig = values.personas !== undefined ? readServerConfig(values.personas) : undefined;
  return startContainerTarget({
    image,
    port: intOption("container-port", values["container-port"], 1, 65535) ?? 9991,
    env,
    ...(values.personas !== undefined ? { personas: readPersonas(values.personas) } : {}),
    ...(serverConfig ? { serverConfig } : {}),
    ...(assumeFl !== undefined ? { assumeFl } : {}),
  });
}

/** --target URL: any server, with the personas (and the server configuration it declares) from --personas. */
async function urlTarget(url: string, personasFile: string | undefined, assumeFl: number | undefined): Promise<Opened> {
  if (personasFile === undefined) throw new UsageError("--target needs --personas FILE (the personas object that `serve --json` prints)");
  const target = await detectTarget({ kind: "url", url: checkUrl(url), personas: readPersonas(personasFile), ...(assumeFl !== undefined ? { assumeFl } : {}) });
  // Server configuration the target declares next to its personas (e.g. its JWT key).
  const serverConfig = readServerConfig(personasFile);
  if (serverConfig) target.serverConfig = serverConfig;
  return { target, close: async () => undefined };
}

/** The run's target from the options: a container, a URL with its personas, or the embedded reference server. */
async function openTarget(values: RunValues, fl: number | undefined, assumeFl: number | undefined, faults: string[]): Promise<Opened> {
  const remote = values.container !== undefined ? "--container" : values.target !== undefined ? "--target" : undefined;
  if (values.container !== undefined && values.target !== undefined) throw new UsageError("give either --target URL or --container IMAGE, not both");
  if (remote !== undefined && fl !== undefined) throw new UsageError(`--feature-level sets the embedded reference server's level; with ${remote} use --assume-fl`);
  if (remote !== undefined && faults.length) throw new UsageError("--fault applies to the embedded reference server only");
  if (values.container !== undefined) return containerTarget(values, values.container, assumeFl);
  if (values.target !== undefined) return urlTarget(values.target, values.personas, assumeFl);
  if (values.personas !== undefined) throw new UsageError("--personas goes with --target");
  try {
    return await startReferenceTarget({ featureLevel: fl ?? MAX_FEATURE_LEVEL, faults });
  } catch (e) {
    if (e instanceof ReferenceServerOptionError) throw new UsageError(e.message);
    throw e;
  }
}

/** `run`: the suites against one target; writes the reports and returns the exit code. */
export async function runCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args: argv, options: RUN_OPTIONS, strict: true });
  const fl = intOption("feature-level", values["feature-level"], MIN_FEATURE_LEVEL, MAX_FEATURE_LEVEL);
  const assumeFl = intOption("assume-fl", values["assume-fl"], 0, 10_000);
  const outDir = resolve(values.out ?? join(ROOT, "reports", "latest"));
  const faults = values.fault ?? [];
  const expectations = values.expectations !== undefined ? readExpectations(values.expectations) : undefined;
  const { target, close } = await openTarget(values, fl, assumeFl, faults);
  if (values["read-only"]) {
    target.readOnly = true;
    target.notes.push("read-only: tests that change the server are skipped");
  }
  io.err(`chat-conformance: running the suites against ${target.url} (${target.kind}, FL ${target.featureLevel})${target.notes.map((n) => `\n  note: ${n}`).join("")}`);
  const started = new Date();
  const collector = new ConformanceCollector();
  const allureDir = join(outDir, "allure-results");
  rmSync(allureDir, { recursive: true, force: true });
  const allureReporter: [string, Record<string, unknown>] = [
    "allure-vitest/reporter",
    {
      resultsDir: allureDir,
      categories: ALLURE_CATEGORIES,
      environmentInfo: { target: target.url, kind: target.kind, "feature level": String(target.featureLevel), "chat-conformance": VERSION, ...(faults.length ? { faults: faults.join(" ") } : {}) },
    },
  ];
  try {
    // Two passes on the one target: the shared suites in parallel, then the ones that change organization
    // settings, one file at a time, so that no test sees another's settings.
    for (const pass of [
      { include: ["suites/**/*.test.ts"], exclude: [...ISOLATED_SUITES], fileParallelism: true },
      { include: [...ISOLATED_SUITES], exclude: [], fileParallelism: false },
    ]) {
      const vitest = await startVitest("test", values.filter ?? [], {
        root: ROOT,
        config: false,
        ...pass,
        watch: false,
        isolate: false,
        provide: { target, allure: true, ...(expectations ? { expectations } : {}) },
        reporters: [collector, "dot", allureReporter],
        passWithNoTests: true,
        testTimeout: 180_000,
        hookTimeout: 60_000,
      });
      await vitest.close();
    }
  } finally {
    await close();
  }
  const tests = await collectTests();
  const results = buildResults({
    target,
    faults,
    startedAt: started,
    durationMs: Date.now() - started.getTime(),
    tests: applyExpectations(collector.tests, expectations),
    coverage: coverage(catalog(), tests),
    toolVersion: VERSION,
  });
  writeReports(outDir, results);
  io.out(renderSummary(results));
  for (const e of collector.moduleErrors) io.err(`suite error: ${e}`);
  io.out(`reports: ${join(outDir, "results.json")}, ${join(outDir, "index.html")}, ${join(outDir, "junit.xml")}, ${allureDir}/, badge.json and badge.svg`);
  return results.summary.mustProblems > 0 || collector.moduleErrors.length > 0 ? 1 : 0;
}

