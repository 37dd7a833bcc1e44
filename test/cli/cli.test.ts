import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI } from "../support/cli-entry.ts";
import { serveChild } from "../support/serve-child.ts";
import { describe, expect, it } from "vitest";
import { ResultsSchema } from "../../src/results/schema.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

function cli(args: string[], timeout = 120_000) {
  const r = spawnSync(process.execPath, [...CLI, ...args], { encoding: "utf8", timeout, cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface AllureResult {
  status: string;
  statusDetails?: { message?: string };
  description?: string;
  labels: { name: string; value: string }[];
  /** allure-vitest records each attachment as a step holding it. */
  steps?: { name: string; attachments?: { name: string; source: string; type: string }[] }[];
}

function allureResults(out: string): AllureResult[] {
  const dir = join(out, "allure-results");
  return readdirSync(dir)
    .filter((f) => f.endsWith("-result.json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as AllureResult);
}

const serve = (args: string[]) => serveChild(args, ROOT);

/** An --out that cannot be one: a file, a folder under a file, a folder whose report file is a folder. */
const scratch = mkdtempSync(join(tmpdir(), "cc-out-"));
const aFile = join(scratch, "a-file");
writeFileSync(aFile, "");
const clash = join(scratch, "clash");
mkdirSync(join(clash, "results.json"), { recursive: true });

describe("bad input gets one clear line and exit code 2", () => {
  const cases: Array<[string[], RegExp]> = [
    [
      ["frobnicate"],
      /^chat-conformance: unknown command 'frobnicate' \(commands: run, serve, personas, list, levels, compare, sweep, merge, proxy, help; see chat-conformance --help\)$/m,
    ],
    [["run", "--feature-level", "999"], /--feature-level must be an integer from 153 to 372, got '999'/],
    [["run", "--feature-level", "abc"], /--feature-level must be an integer/],
    [["run", "--target", "not a url", "--personas", "x.json"], /--personas: no such file|--target must be/],
    [["run", "--target", "http://127.0.0.1:9"], /--target needs --personas/],
    [["run", "--fault", "no.such.fault"], /unknown fault 'no.such.fault'/],
    [["run", "--no-such-flag"], /^chat-conformance: Unknown option '--no-such-flag' for run \(see chat-conformance run --help\)$/m],
    [["levels", "--json"], /^chat-conformance: Unknown option '--json' for levels \(see chat-conformance levels --help\)$/m],
    [["serve", "--port", "70000"], /--port must be an integer from 0 to 65535/],
    [["list", "--fl", "x"], /--fl/],
    [["run", "--seed", "1.5"], /--seed must be a 32-bit integer, as a failure prints it, got '1.5'/],
    // A filter that matches no suite file would verify nothing and go green.
    [["run", "--filter", "suites/events/no-such.test.ts"], /--filter suites\/events\/no-such.test.ts: no suite file's path contains it/],
    // Every --out is checked before any work: a run used to go through the whole suite and end in "internal error: ENOTDIR".
    [["run", "--out", aFile], new RegExp(`^chat-conformance: --out ${aFile}: is a file; give a folder`, "m")],
    [["run", "--out", join(aFile, "sub")], new RegExp(`--out ${aFile}/sub: ${aFile} is a file, so no folder can be made under it`)],
    [["run", "--out", clash], /--out .*clash: results\.json there is a folder, where the report file goes/],
    [["compare", "a.json", "b.json", "--out", aFile], /^chat-conformance: --out .*a-file: is a file/m],
    [["sweep", "--out", aFile], /^chat-conformance: --out .*a-file: is a file/m],
    [["proxy", "--target", "http://127.0.0.1:9", "--out", aFile], /^chat-conformance: --out .*a-file: is a file/m],
  ];
  for (const [args, message] of cases) {
    it(`chat-conformance ${args.join(" ")}`, () => {
      const r = cli(args);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).not.toMatch(/\n\s+at /);
    });
  }

  it("a personas file that is not valid names the file and the field", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-"));
    const file = join(dir, "personas.json");
    writeFileSync(file, JSON.stringify({ personas: { member: { email: "member@x.example", apiKey: "k" } } }));
    const r = cli(["run", "--target", "http://127.0.0.1:9", "--personas", file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--personas ${file}: personas.member.userId`);
  });

  // Linux's /sys refuses new entries even to root, as a read-only mount does: writability is tried, not read from mode bits.
  it.skipIf(process.platform !== "linux")("an --out that cannot be created is exit 2 before the run starts (skipped off Linux: uses /sys)", () => {
    const r = cli(["run", "--out", "/sys/cc-out"]);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(/^chat-conformance: --out \/sys\/cc-out: cannot create it: \/sys is not writable \(E[A-Z]+\)$/);
    expect(r.err).not.toContain("running the suites");
  });

  it("an unreachable target is exit code 2, not a failure of the server", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-"));
    const file = join(dir, "personas.json");
    writeFileSync(file, JSON.stringify({ member: { email: "member@x.example", apiKey: "k", userId: 3 } }));
    const r = cli(["run", "--target", "http://127.0.0.1:9", "--personas", file]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9/);
  });
});

describe("an internal error", () => {
  // The error is injected where run's own ENOTDIR used to strike: after the reference server (and vitest) started,
  // with nothing closing them. A run that hangs there is killed by the timeout and has no exit code.
  it("is one line and exit code 3, and the process exits although a server is still open", () => {
    const out = mkdtempSync(join(tmpdir(), "cc-internal-"));
    const inject = join(out, "inject.mjs");
    writeFileSync(
      inject,
      `import fs from "node:fs"; import { syncBuiltinESMExports } from "node:module";
const real = fs.rmSync;
fs.rmSync = function (path, ...rest) { if (String(path).endsWith("allure-results")) throw new Error("injected failure"); return real.call(this, path, ...rest); };
syncBuiltinESMExports();
`,
    );
    const r = spawnSync(process.execPath, ["--import", inject, ...CLI, "run", "--filter", "suites/server/server-settings", "--out", join(out, "reports")], {
      encoding: "utf8",
      timeout: 90_000,
      cwd: ROOT,
    });
    expect(r.signal, "the process was still running at the timeout").toBeNull();
    expect(r.status).toBe(3);
    const bugs = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bugs: { url: string } }).bugs.url;
    expect(r.stderr.trim().split("\n").at(-1)).toBe(`chat-conformance: internal error: injected failure (please report it at ${bugs})`);
  });

  it("has its exit code documented in --help", () => {
    expect(cli(["--help"]).out).toMatch(/Exit codes:\n {2}0 .*\n {2}1 .*\n {2}2 .*\n {2}3 {3}internal error/);
  });
});

describe("serve", () => {
  it("--json prints exactly one JSON object and serves until SIGTERM", async () => {
    const { doc, stop } = await serve(["--feature-level", "241"]);
    expect(doc.featureLevel).toBe(241);
    expect(Object.keys(doc.personas)).toEqual(["owner", "administrator", "moderator", "member", "secondMember", "guest", "bot"]);
    const res = await fetch(`${doc.url}/api/v1/server_settings`);
    expect(((await res.json()) as { chat_feature_level: number }).chat_feature_level).toBe(241);
    expect(await stop()).toBe(0);
  });

  it("personas create --out that is a folder is exit 2 before any account is made", async () => {
    const { doc, stop } = await serve([]);
    try {
      const owner = doc.personas.owner!;
      const r = cli(["personas", "create", "--target", doc.url, "--admin-email", owner.email, "--admin-api-key", owner.apiKey, "--out", scratch]);
      expect(r.code).toBe(2);
      expect(r.err.trim()).toBe(`chat-conformance: --out ${scratch}: is a folder; give a file name`);
      // Nothing was made: the organization still has only its own users.
      const auth = { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString("base64")}` };
      const users = ((await (await fetch(`${doc.url}/api/v1/users`, { headers: auth })).json()) as { members: { email: string }[] }).members;
      expect(users.filter((u) => u.email.startsWith("cc-"))).toEqual([]);
    } finally {
      await stop();
    }
  });

  it("the README's curl session works as written", async () => {
    const { doc, stop } = await serve([]);
    try {
      const readme = readFileSync(join(ROOT, "README.md"), "utf8");
      const key = /-u member@lab\.example:([A-Za-z0-9]{32})/.exec(readme)?.[1];
      expect(key, "the README shows the member's API key").toBe(doc.personas.member!.apiKey);
      const auth = { authorization: `Basic ${Buffer.from(`member@lab.example:${key}`).toString("base64")}` };
      const sent = await fetch(`${doc.url}/api/v1/messages`, {
        method: "POST",
        headers: auth,
        body: new URLSearchParams({ type: "stream", to: "general", topic: "hello", content: "hi" }),
      });
      expect(((await sent.json()) as { result: string }).result).toBe("success");
      const got = await fetch(`${doc.url}/api/v1/messages?anchor=newest&num_before=5&num_after=0`, { headers: auth });
      expect(((await got.json()) as { messages: unknown[] }).messages).toHaveLength(1);
    } finally {
      await stop();
    }
  });
});

describe("run", () => {
  it("--seed starts the property tests from that seed, and a failure prints the seed that replays it", () => {
    const out = mkdtempSync(join(tmpdir(), "cc-seed-"));
    const r = cli(["run", "--fault", "fl153.messages.access-private-channel", "--filter", "messages/access-property", "--seed", "7", "--out", out]);
    expect(r.code, r.err).toBe(1);
    const failed = ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8"))).tests.filter((t) => t.status === "fail");
    expect(failed.length).toBeGreaterThan(0);
    for (const t of failed) {
      expect(t.message).toMatch(/\n {2}counterexample: .* \(seed 7, path [\d:]*, after \d+ runs; replay: run --seed=7, or CC_SEED=7 for npm test\)$/);
      // The case in fields of its own, and nothing of it on the curl line the HTML copies.
      expect(t.property).toMatchObject({ seed: 7 });
      expect(t.curl ?? "").not.toContain("counterexample");
    }
  });

  it("writes a results document that validates, and exits 1 when a fault breaks a must-clause", () => {
    const out = mkdtempSync(join(tmpdir(), "cc-run-"));
    const r = cli(["run", "--fault", "fl257.server.realm-url", "--out", out, "--filter", "suites/server/server-settings"]);
    expect(r.code, r.err).toBe(1);
    const results = ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8")));
    expect(results.target.faults).toEqual(["fl257.server.realm-url"]);
    expect(results.firstFailure?.level).toBe(257);
    expect(results.tests.filter((t) => t.status === "fail").flatMap((t) => t.clauses)).toContain("fl257.server.realm-url");
    // A filtered run checked only server_settings: it verifies no level as a whole (see test/cli/verdicts.test.ts).
    expect(results.verifiedLevel).toBeNull();
    expect(results.partial?.notRun).toBeGreaterThan(0);
    expect(readFileSync(join(out, "index.html"), "utf8")).toContain("fl257.server.realm-url");
    expect(readFileSync(join(out, "junit.xml"), "utf8")).toContain("<failure");
    const failed = allureResults(out).filter((a) => a.status === "failed");
    expect(failed.map((a) => a.labels.filter((l) => l.name === "story").map((l) => l.value)).flat()).toContain("fl257.server.realm-url");
    expect(failed[0]!.statusDetails?.message).toMatch(/^FAIL: /);
    expect(failed[0]!.labels).toContainEqual({ name: "epic", value: "release 9.x" });
    // The test's exchanges, all in one attachment, each with its curl line.
    const attached = failed[0]!.steps?.flatMap((st) => st.attachments ?? []).find((a) => a.name.startsWith("exchanges"));
    expect(attached?.name).toMatch(/^exchanges \(\d+\), each with its curl line$/);
    expect(readFileSync(join(out, "allure-results", attached!.source), "utf8")).toMatch(/^1\. GET \/api\/v1\/server_settings\ncurl /);
    expect(readFileSync(join(out, "allure-results", "environment.properties"), "utf8")).toContain("faults=fl257.server.realm-url");
    expect(JSON.parse(readFileSync(join(out, "badge.json"), "utf8"))).toEqual({ schemaVersion: 1, label: "chat API", message: "not conforming", color: "red" });
    expect(readFileSync(join(out, "badge.svg"), "utf8")).toContain("chat API: not conforming");
  });

  it("settles a listed deviation inside the run: expected-fail in results.json, skipped with its reason in JUnit and Allure, exit 0", () => {
    const out = mkdtempSync(join(tmpdir(), "cc-run-"));
    const exp = join(out, "expectations.json");
    writeFileSync(
      exp,
      JSON.stringify({
        expectedFail: { "fl257.server.realm-url": "our fork still says realm_uri only", "fl257.server.realm-uri-alias": "our fork still says realm_uri only" },
      }),
    );
    const r = cli(["run", "--fault", "fl257.server.realm-url", "--expectations", exp, "--out", out, "--filter", "suites/server/server-settings"]);
    expect(r.code, r.out + r.err).toBe(0);
    const results = ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8")));
    expect(results.tests.filter((t) => t.status === "expected-fail").length).toBeGreaterThan(0);
    const listed = allureResults(out).filter((a) => a.labels.some((l) => l.value === "conformance:expected-fail"));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((a) => a.status === "skipped" && /our fork still says realm_uri only/.test(a.description ?? ""))).toBe(true);
  });

  it("--read-only runs only the tests that change nothing and skips the rest with that reason", () => {
    const out = mkdtempSync(join(tmpdir(), "cc-run-"));
    const r = cli(["run", "--read-only", "--out", out, "--filter", "suites/server/"]);
    expect(r.code, r.out + r.err).toBe(0);
    const results = ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8")));
    expect(results.target.notes).toContain("read-only: tests that change the server are skipped");
    expect(results.tests.filter((t) => t.status === "pass").length).toBeGreaterThan(0);
    const skipped = results.tests.filter((t) => t.status === "skipped");
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((t) => t.message === "changes the server, and the run is --read-only")).toBe(true);
  });

  it("exits 0 against a clean reference server at an old level", () => {
    const out = mkdtempSync(join(tmpdir(), "cc-run-"));
    const args = ["run", "--feature-level", "200", "--out", out, "--filter", "suites/server/server-settings"];
    const first = cli(args);
    expect(first.code, first.out + first.err).toBe(0);
    // Again into the same folder, as `npm run conformance` is run day after day: the earlier reports are replaced.
    const r = cli(args);
    expect(r.code, r.out + r.err).toBe(0);
    const results = ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8")));
    expect(results.target.featureLevel).toBe(200);
    expect(results.summary.byStatus["n/a"]).toBeGreaterThan(0);
    // Piped: the progress goes to stderr as plain lines (the last one complete), nothing redrawn or coloured.
    expect(r.out + r.err).not.toMatch(/[\r\x1b]/);
    const progress = r.err.split("\n").filter((l) => / tests · /.test(l));
    expect(progress.at(-1)).toMatch(new RegExp(`^  ${results.summary.total}/${results.summary.total} tests · 0 problems · \\S`));
    expect(r.out).not.toContain(" tests · ");
  });
});
