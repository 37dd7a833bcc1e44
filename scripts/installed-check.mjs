#!/usr/bin/env node
/**
 * The installed-package check: the product as users meet it. Packs the tarball, installs it with --omit=dev into
 * an empty folder outside the repository, and there runs what a user runs: the CLI (--version, list --json, an
 * embedded run, serve --json followed by run --target against it), the README's example of the public API, and the
 * README's example of a vitest project of one's own built on behaviour(). Any step that does not do what the
 * README says ends the check with exit 1 and names the step. The proxy is driven both ways: stopped by SIGINT, and
 * as `proxy -- CMD` through npx, as the README's CI example runs it.
 *
 *   node scripts/installed-check.mjs [--keep]     (--keep leaves the folder for a look)
 *   CC_EXTRA_NODES=/path/node22:/path/node24 node scripts/installed-check.mjs   (also under those Node binaries)
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

const repo = fileURLToPath(new URL("../", import.meta.url));
const keep = process.argv.includes("--keep");
const work = realpathSync(mkdtempSync(join(tmpdir(), "cc-installed-")));
const app = join(work, "app");
mkdirSync(app);
// The folder sees nothing of the repository: no NODE_PATH, no npm prefix pointing back, a cache of its own is not
// needed (the registry's packages are the same), and the working directory is the empty folder.
const env = { ...process.env, NODE_PATH: "", NO_COLOR: "1", npm_config_loglevel: "error", npm_config_fund: "false", npm_config_audit: "false" };
for (const k of Object.keys(env)) if (k.startsWith("npm_package_") || k === "INIT_CWD" || k === "npm_config_prefix") delete env[k];

let failed = false;
const t0 = Date.now();
function step(name, fn) {
  const started = Date.now();
  try {
    const note = fn();
    console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${note ? ` — ${note}` : ""}`);
  } catch (e) {
    failed = true;
    console.log(`FAIL ${name}: ${e.message}`);
  }
}
async function stepAsync(name, fn) {
  const started = Date.now();
  try {
    const note = await fn();
    console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${note ? ` — ${note}` : ""}`);
  } catch (e) {
    failed = true;
    console.log(`FAIL ${name}: ${e.message}`);
  }
}
function sh(cmd, args, { expectCode = 0, timeout = 600_000, env: withEnv = env } = {}) {
  const r = spawnSync(cmd, args, { cwd: app, env: withEnv, encoding: "utf8", timeout, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== expectCode)
    throw new Error(`${cmd} ${args.join(" ")} exited ${r.status ?? r.signal}, wanted ${expectCode}\n${tail(r.stdout)}\n${tail(r.stderr)}`);
  return r;
}
const tail = (s = "") => s.split("\n").slice(-15).join("\n");
const cli = (args, opts) => sh("npx", ["--no-install", "chat-conformance", ...args], opts);

/**
 * The GitHub Action's command line (action.yml's `run` step) with these inputs and the rest at their defaults:
 * the shell script and the environment GitHub would give it (the action's folder is the repository).
 */
function actionCommand(inputs) {
  const action = parseYaml(readFileSync(join(repo, "action.yml"), "utf8"));
  const step = action.runs.steps.find((st) => st.id === "run");
  const value = (name) => inputs[name] ?? action.inputs[name]?.default ?? "";
  const stepEnv = {};
  for (const [k, v] of Object.entries(step.env)) {
    stepEnv[k] = String(v)
      .replace(/\$\{\{\s*github\.action_path\s*\}\}/g, repo)
      .replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name) => {
        if (!(name in action.inputs)) throw new Error(`action.yml's run step reads an undeclared input '${name}'`);
        return value(name);
      });
  }
  return { script: step.run, env: stepEnv };
}

/** The README's code blocks marked `<!-- installed-check: FILE -->`, by file name. */
function readmeExamples() {
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const out = {};
  for (const m of readme.matchAll(/<!-- installed-check: (\S+) -->\s*```\w*\n([\s\S]*?)```/g)) out[m[1]] = m[2];
  return out;
}

let tarball;
// CC_PACK_PREBUILT=1 (CI, right after `npm ci` built dist/): pack what is built instead of building it again.
const prebuilt = process.env.CC_PACK_PREBUILT === "1" ? ["--ignore-scripts"] : [];
step("npm pack", () => {
  const r = execFileSync("npm", ["pack", "--json", "--pack-destination", work, ...prebuilt], {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, npm_config_loglevel: "error" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [p] = JSON.parse(r);
  tarball = join(work, p.filename);
  return `${p.filename}, ${(p.size / 1024).toFixed(0)} KiB, ${p.entryCount} files`;
});
step("npm install --omit=dev into an empty folder", () => {
  sh("npm", ["init", "-y"]);
  sh("npm", ["install", "--omit=dev", tarball]);
  // Everything the product loads must resolve inside the folder, never from the repository's node_modules.
  for (const pkg of ["chat-conformance", "vitest", "allure-vitest/reporter", "zod", "undici"]) {
    const r = sh("node", ["--input-type=module", "-e", `console.log(import.meta.resolve(${JSON.stringify(pkg)}))`]);
    if (!fileURLToPath(r.stdout.trim()).startsWith(app)) throw new Error(`${pkg} resolves outside the folder: ${r.stdout.trim()}`);
  }
  if (existsSync(join(app, "node_modules", "typescript")) || existsSync(join(app, "node_modules", "tsx")))
    throw new Error("a development dependency (typescript or tsx) was installed");
});
/** Every file of the installed package: runs must write nothing there (a global install may be read-only). */
const packageFiles = () =>
  readdirSync(join(app, "node_modules", "chat-conformance"), { recursive: true })
    .map(String)
    .sort();
const installedFiles = existsSync(join(app, "node_modules", "chat-conformance")) ? packageFiles() : [];
step("chat-conformance --version", () => {
  const want = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")).version;
  const got = cli(["--version"]).stdout.trim();
  if (!got.includes(want)) throw new Error(`printed '${got}', wanted ${want}`);
  return got;
});
step("chat-conformance list --json", () => {
  const clauses = JSON.parse(cli(["list", "--json"]).stdout);
  if (!Array.isArray(clauses) || clauses.length < 400) throw new Error(`listed ${clauses.length} clauses`);
  return `${clauses.length} clauses`;
});
step("the package's LICENSE, list --faults, and an --out that cannot be one (exit 2 before any work)", () => {
  const pkg = join(app, "node_modules", "chat-conformance");
  if (!/Apache License\s+Version 2\.0/.test(readFileSync(join(pkg, "LICENSE"), "utf8"))) throw new Error("no Apache-2.0 LICENSE in the package");
  const faults = JSON.parse(cli(["list", "--faults", "--json"]).stdout);
  if (!Array.isArray(faults) || faults.length < 100 || faults.some((f) => !f.clause || !f.area)) throw new Error(`list --faults gave ${faults.length} faults`);
  writeFileSync(join(app, "a-file"), "");
  for (const args of [
    ["run", "--out", "a-file"],
    ["compare", "x.json", "y.json", "--out", "a-file"],
    ["sweep", "--out", "a-file/sub"],
  ]) {
    const r = cli(args, { expectCode: 2, timeout: 60_000 });
    if (r.stderr.trim().split("\n").length !== 1 || !/--out a-file/.test(r.stderr)) throw new Error(`${args.join(" ")}: ${r.stderr}`);
  }
  return `${faults.length} faults listed`;
});
step("chat-conformance run (embedded reference server)", () => {
  cli(["run"]);
  for (const f of ["results.json", "index.html", "junit.xml", "badge.json", "badge.svg"])
    if (!existsSync(join(app, "reports", "latest", f))) throw new Error(`reports/latest/${f} not written under the current directory`);
  const r = JSON.parse(readFileSync(join(app, "reports", "latest", "results.json"), "utf8"));
  if (r.verifiedLevel !== 372) throw new Error(`verified level ${r.verifiedLevel}, wanted 372`);
  return `${r.summary.total} tests, verified through FL ${r.verifiedLevel}`;
});
/** The one JSON line `serve --json` prints once it listens. */
function serveLine(child) {
  return new Promise((resolve, reject) => {
    let buf = "";
    child.stdout.on("data", (d) => {
      buf += d;
      if (buf.includes("\n")) resolve(buf.slice(0, buf.indexOf("\n")));
    });
    child.on("exit", (code) => reject(new Error(`serve exited ${code} before printing its line`)));
    setTimeout(() => reject(new Error("serve printed nothing in 30 s")), 30_000).unref();
  });
}
await stepAsync("chat-conformance serve --product zulip --json, then run --target against it", async () => {
  // A 5 s heartbeat instead of a real server's 50: the run would otherwise wait out the long one for its heartbeat test.
  // The real product's names on both sides: the server sends them, and the harness, detecting a `zulip` server,
  // speaks them (facts/names.ts); the repeatable-run test covers serve with the spec's names.
  const child = spawn("npx", ["--no-install", "chat-conformance", "serve", "--product", "zulip", "--port", "0", "--json", "--heartbeat-seconds", "5"], {
    cwd: app,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const line = await serveLine(child);
    const doc = JSON.parse(line);
    writeFileSync(join(app, "serve.json"), line);
    // A Zulip server differs from the spec where Zulip's way wins (src/product/zulip-differences.ts): the bundled
    // expectations, named as a user names them, make exactly those differences expected failures.
    cli(["run", "--target", doc.url, "--personas", "serve.json", "--out", "reports/serve", "--expectations", "zulip-10.2"]);
    const r = JSON.parse(readFileSync(join(app, "reports", "serve", "results.json"), "utf8"));
    if (r.verifiedLevel !== doc.featureLevel) throw new Error(`verified level ${r.verifiedLevel}, wanted ${doc.featureLevel}`);
    if (r.target.product !== "zulip") throw new Error(`the run saw product ${r.target.product}, wanted zulip`);
    const expected = r.tests.filter((t) => t.status === "expected-fail").length;
    if (expected === 0) throw new Error("no test failed as zulip-10.2 expects: the bundled expectations were not applied");
    // The personas as a secret gives them (personas-json, which reaches run as CC_PERSONAS), one shard of two, and
    // extra arguments: the action's inputs as a matrix job sets them.
    const action = actionCommand({
      target: doc.url,
      "personas-json": line,
      "read-only": "true",
      reports: "reports/action",
      expectations: "zulip-10.2",
      shard: "1/2",
      filter: "suites/messages/ suites/users/",
      args: "--max-wait 60",
    });
    const { CC_PERSONAS: _ignored, ...withoutPersonas } = env;
    sh("bash", ["-c", action.script], { env: { ...withoutPersonas, ...action.env } });
    const a = JSON.parse(readFileSync(join(app, "reports", "action", "results.json"), "utf8"));
    if (!a.partial) throw new Error("the action's read-only input did not make a read-only run");
    if (a.shard?.index !== 1 || a.shard?.count !== 2) throw new Error(`the action's shard input did not make shard 1/2: ${JSON.stringify(a.shard)}`);
    if (a.throttle?.maxWaitSeconds !== 60) throw new Error(`the action's args (--max-wait 60) did not reach run: ${a.throttle?.maxWaitSeconds}`);
    const proxied = await throughProxy(doc);
    return `${r.summary.total} tests (${expected} expected failures of zulip-10.2), verified through FL ${r.verifiedLevel}; the action's command line (read-only, personas-json, shard 1/2) exited 0; ${proxied}`;
  } finally {
    child.kill("SIGTERM");
  }
});

/**
 * `proxy --target` in front of that serve, as a client developer runs it: a client's requests through it get the
 * server's own answers, and Ctrl-C (SIGINT) writes the report and exits 0 with no finding. The bin is started
 * directly, so that the signal reaches the proxy rather than npx.
 */
async function throughProxy(doc) {
  const bin = join(app, "node_modules", ".bin", "chat-conformance");
  const proxy = spawn(bin, ["proxy", "--target", doc.url, "--port", "0", "--out", "reports/proxy"], { cwd: app, env, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  const exited = new Promise((resolve) => proxy.on("exit", (code) => resolve(code)));
  try {
    const url = await new Promise((resolve, reject) => {
      proxy.stderr.on("data", (d) => {
        err += d;
        const m = /proxy: (http:\/\/[^\s]+) →/.exec(err);
        if (m) resolve(m[1]);
      });
      exited.then((code) => reject(new Error(`proxy exited ${code} before listening: ${err}`)));
      setTimeout(() => reject(new Error(`proxy printed no address in 30 s: ${err}`)), 30_000).unref();
    });
    const member = doc.personas.member;
    const auth = { authorization: `Basic ${Buffer.from(`${member.email}:${member.apiKey}`).toString("base64")}` };
    const direct = await (await fetch(`${doc.url}/api/v1/users/me`, { headers: auth })).text();
    const via = await (await fetch(`${url}/api/v1/users/me`, { headers: auth })).text();
    if (via !== direct) throw new Error(`the proxy changed GET /users/me: ${via.slice(0, 200)} vs ${direct.slice(0, 200)}`);
    const settings = await fetch(`${url}/api/v1/server_settings`);
    if (settings.status !== 200) throw new Error(`GET /server_settings through the proxy: HTTP ${settings.status}`);
  } finally {
    proxy.kill("SIGINT");
  }
  const code = await exited;
  if (code !== 0) throw new Error(`proxy exited ${code} on SIGINT: ${err}`);
  const report = JSON.parse(readFileSync(join(app, "reports", "proxy", "results.json"), "utf8"));
  const bad = report.tests.filter((t) => t.status === "fail");
  if (bad.length) throw new Error(`the proxy reported violations of a clean serve: ${bad.map((t) => t.id).join(", ")}`);
  const cmd = proxyWithCommand(doc, doc.personas.member);
  return `proxy --target passed a client's requests through unchanged and wrote its report on SIGINT (${report.tests.length} clauses checked, none broken); ${cmd}`;
}

/**
 * `npx chat-conformance proxy --target URL -- CMD` as the README's CI example runs it, npx and all: CMD starts once
 * the proxy listens, with CC_PROXY_URL; the proxy stops when CMD ends, writes its report and exits with CMD's code
 * when nothing was found; a CMD that does not exist is exit 2.
 */
function proxyWithCommand(doc, member) {
  writeFileSync(
    join(app, "client.mjs"),
    [
      'const auth = "Basic " + Buffer.from(process.argv[2] + ":" + process.argv[3]).toString("base64");',
      'const res = await fetch(process.env.CC_PROXY_URL + "/api/v1/users/me", { headers: { authorization: auth } });',
      "const body = await res.json();",
      'if (body.result !== "success") { console.error("client: " + res.status); process.exit(1); }',
      "process.exit(Number(process.argv[4]));",
      "",
    ].join("\n"),
  );
  const run = (code) =>
    cli(["proxy", "--target", doc.url, "--port", "0", "--out", "reports/proxy-cmd", "--", "node", "client.mjs", member.email, member.apiKey, String(code)], {
      expectCode: code,
      timeout: 120_000,
    });
  run(0);
  const report = JSON.parse(readFileSync(join(app, "reports", "proxy-cmd", "results.json"), "utf8"));
  if (!/1 exchange\b/.test(report.partial?.reasons?.[0] ?? ""))
    throw new Error(`proxy -- CMD saw not the client's one exchange: ${report.partial?.reasons?.[0]}`);
  run(3);
  const missing = cli(["proxy", "--target", doc.url, "--port", "0", "--", "no-such-command-cc"], { expectCode: 2 });
  if (!missing.stderr.includes("command not found: no-such-command-cc")) throw new Error(`proxy -- a missing command said: ${missing.stderr.trim()}`);
  return "proxy -- CMD ran the client through it and exited with its code (0, 3; 2 for a missing command)";
}
const examples = readmeExamples();
await stepAsync("personas create from an owner-only serve, run --target with CC_PERSONAS, personas remove", async () => {
  // A server implementer's start: one owner account. create makes the other six and the channel, and writes the file
  // (0600); CI passes its contents as CC_PERSONAS; remove deactivates what create made.
  const seed = {
    realm: { name: "Solo", string_id: "solo", description: "", empty_topic_display_name: "general chat" },
    users: [{ persona: "owner", full_name: "Olga Owner", email: "olga@solo.example", role: 100 }],
    channels: [],
  };
  writeFileSync(join(app, "owner-only.json"), JSON.stringify(seed));
  const child = spawn("npx", ["--no-install", "chat-conformance", "serve", "--seed", "owner-only.json", "--port", "0", "--json", "--heartbeat-seconds", "5"], {
    cwd: app,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const line = await serveLine(child);
    const doc = JSON.parse(line);
    const admin = ["--target", doc.url, "--admin-email", doc.personas.owner.email, "--admin-api-key", doc.personas.owner.apiKey];
    cli(["personas", "create", ...admin, "--out", "made.json"]);
    const made = JSON.parse(readFileSync(join(app, "made.json"), "utf8"));
    const roles = Object.keys(made.personas).join(",");
    if (roles !== "owner,administrator,moderator,member,secondMember,guest,bot") throw new Error(`made personas ${roles}`);
    cli(["run", "--target", doc.url, "--filter", "messages/send", "--out", "reports/made"], { env: { ...env, CC_PERSONAS: JSON.stringify(made) } });
    const r = JSON.parse(readFileSync(join(app, "reports", "made", "results.json"), "utf8"));
    if ((r.leftovers ?? []).length) throw new Error(`${r.leftovers.length} leftovers`);
    cli(["personas", "remove", ...admin, "--personas", "made.json"]);
    return `made ${Object.keys(made.personas).length} personas; ${r.summary.total} tests with them, 0 leftovers; removed`;
  } finally {
    child.kill("SIGTERM");
  }
});

step("the README's public-API example (example.mjs)", () => {
  if (!examples["example.mjs"]) throw new Error("README.md has no block marked <!-- installed-check: example.mjs -->");
  writeFileSync(join(app, "example.mjs"), examples["example.mjs"]);
  return sh("node", ["example.mjs"]).stdout.trim().split("\n").pop();
});
step("the README's own vitest project with behaviour()", () => {
  const files = Object.keys(examples).filter((f) => f !== "example.mjs");
  if (!files.some((f) => f.endsWith(".test.mjs"))) throw new Error("README.md has no test file marked <!-- installed-check: ….test.mjs -->");
  for (const f of files) writeFileSync(join(app, f), examples[f]);
  const r = sh("npx", ["--no-install", "vitest", "run"]);
  const summary = /Tests\s+(.*)/.exec(r.stdout)?.[1] ?? "";
  if (!/passed/.test(summary)) throw new Error(`vitest printed no passed tests:\n${tail(r.stdout)}`);
  return summary.trim();
});
step("a TypeScript user's code typechecks against the package's declarations", () => {
  // The compiler is the repository's; every module it resolves comes from the folder, as for a user.
  writeFileSync(
    join(app, "consumer.mts"),
    [
      'import { startReferenceServer, runConformance, behaviour, type Results } from "chat-conformance";',
      "const server = await startReferenceServer({ featureLevel: 241 });",
      "const run = await runConformance({ target: { url: server.url, personas: server.personas, serverConfig: server.serverConfig } });",
      "const level: number | null = (run.results satisfies Results).verifiedLevel;",
      'behaviour("fl174.messages.direct-type", "typed", { needs: ["member"] }, async (t) => { t.expect.success(await t.api("member").get("/users/me")); });',
      "// @ts-expect-error a feature level is a number",
      'await startReferenceServer({ featureLevel: "241" });',
      "console.log(level);",
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: false, types: [] },
      files: ["consumer.mts"],
    }),
  );
  sh(process.execPath, [join(repo, "node_modules", "typescript", "bin", "tsc"), "-p", "."]);
});
step("the runs wrote nothing inside the installed package", () => {
  const added = packageFiles().filter((f) => !installedFiles.includes(f));
  if (added.length) throw new Error(`new files under node_modules/chat-conformance: ${added.slice(0, 5).join(", ")}`);
});
// Other Node versions the package promises (engines: >=20.19): CI gives their binaries in CC_EXTRA_NODES
// (colon-separated paths), and each runs the CLI and a full embedded run from the same installed folder.
for (const node of (process.env.CC_EXTRA_NODES ?? "").split(":").filter(Boolean)) {
  const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? node;
  step(`under Node ${version}: --version and run`, () => {
    const bin = join(app, "node_modules", "chat-conformance", "bin", "chat-conformance.js");
    sh(node, [bin, "--version"]);
    sh(node, [bin, "run", "--out", `reports/node-${version}`]);
    const r = JSON.parse(readFileSync(join(app, "reports", `node-${version}`, "results.json"), "utf8"));
    if (r.verifiedLevel !== 372) throw new Error(`verified level ${r.verifiedLevel}, wanted 372`);
    return `${r.summary.total} tests, verified through FL ${r.verifiedLevel}`;
  });
}
console.log(`${failed ? "installed-package check FAILED" : "installed-package check passed"} in ${((Date.now() - t0) / 1000).toFixed(0)} s (${work})`);
if (!keep) rmSync(work, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
