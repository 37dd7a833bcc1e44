import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

const ROOT = new URL("../../", import.meta.url).pathname;
const VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

interface Action {
  inputs: Record<string, { default?: string }>;
  runs: { steps: Array<{ id?: string; env?: Record<string, string>; run?: string }> };
}

/**
 * action.yml's run step as GitHub runs it: the script, and its env with each `${{ inputs.X }}` replaced by the
 * input (or its default) and `${{ github.action_path }}` by the action's folder, this repository.
 */
function actionStep(inputs: Record<string, string>): { script: string; env: Record<string, string> } {
  const action = parseYaml(readFileSync(join(ROOT, "action.yml"), "utf8")) as Action;
  const step = action.runs.steps.find((s) => s.id === "run")!;
  const env: Record<string, string> = {};
  for (const name of Object.keys(inputs)) if (!(name in action.inputs)) throw new Error(`the test gives an input action.yml does not declare: ${name}`);
  for (const [k, v] of Object.entries(step.env ?? {}))
    env[k] = String(v)
      .replace(/\$\{\{\s*github\.action_path\s*\}\}/g, ROOT)
      .replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => {
        if (!(name in action.inputs)) throw new Error(`action.yml's run step reads an undeclared input '${name}'`);
        return inputs[name] ?? action.inputs[name]!.default ?? "";
      });
  return { script: step.run!, env };
}

/** A workspace whose chat-conformance records its arguments and CC_PERSONAS, and exits with FAKE_EXIT. */
function workspace(withBin: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), "cc-action-"));
  if (withBin) fakeBin(join(dir, "node_modules", ".bin"));
  return dir;
}

function fakeBin(binDir: string, starts = true): void {
  mkdirSync(binDir, { recursive: true });
  const bin = join(binDir, "chat-conformance");
  writeFileSync(
    bin,
    starts
      ? `#!/usr/bin/env bash\nif [ "$1" = --version ]; then echo ${VERSION}; exit 0; fi\nprintf '%s\\n' "$@" > "$CC_RECORD"\necho "CC_PERSONAS=\${CC_PERSONAS:-}" >> "$CC_RECORD"\nexit "\${FAKE_EXIT:-0}"\n`
      : "#!/usr/bin/env bash\necho 'Error: Cannot find module' >&2\nexit 1\n",
  );
  chmodSync(bin, 0o755);
}

/**
 * A stand-in for npm on PATH: `npm install --prefix P … SPEC` records SPEC, then fails (FAKE_NPM=fail) or installs a
 * chat-conformance that does not start (FAKE_NPM=broken).
 */
function fakeNpm(): string {
  const dir = mkdtempSync(join(tmpdir(), "cc-npm-"));
  writeFileSync(
    join(dir, "npm"),
    `#!/usr/bin/env bash\nprefix=""; spec=""\nwhile [ $# -gt 0 ]; do case "$1" in --prefix) prefix="$2"; shift;; chat-conformance@*) spec="$1";; esac; shift; done\necho "$spec" > "$CC_NPM_RECORD"\nif [ "$FAKE_NPM" = fail ]; then echo "npm ERR! 404 Not Found" >&2; exit 1; fi\nmkdir -p "$prefix/node_modules/.bin"\nprintf '#!/usr/bin/env bash\\nexit 1\\n' > "$prefix/node_modules/.bin/chat-conformance"\nchmod +x "$prefix/node_modules/.bin/chat-conformance"\n`,
  );
  chmodSync(join(dir, "npm"), 0o755);
  return dir;
}

function runAction(cwd: string, inputs: Record<string, string>, extraEnv: Record<string, string> = {}) {
  const { script, env } = actionStep(inputs);
  const record = join(cwd, "record.txt");
  const r = spawnSync("bash", ["-c", script], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? cwd, RUNNER_TEMP: cwd, CC_RECORD: record, ...env, ...extraEnv },
  });
  return { code: r.status, out: r.stdout + r.stderr, argv: existsSync(record) ? readFileSync(record, "utf8").trim().split("\n") : [] };
}

describe("action.yml's command line (the GitHub Action)", () => {
  it("passes shard, strict, filter, expectations and extra arguments to run, and the personas secret only in CC_PERSONAS", () => {
    const personas = '{"url":"https://chat.example","personas":{"member":{"email":"m@example.com","apiKey":"SECRET-KEY"}}}';
    const r = runAction(workspace(true), {
      target: "https://chat.example",
      "personas-json": personas,
      shard: "2/4",
      strict: "true",
      filter: "suites/events/queue.test.ts\nmessages/",
      expectations: "zulip-10.2",
      args: "--seed 7 --max-wait 30",
    });
    expect(r.code, r.out).toBe(0);
    const args = r.argv.slice(0, -1);
    expect(args).toEqual([
      "run",
      "--out",
      "reports/conformance",
      "--target",
      "https://chat.example",
      "--expectations",
      "zulip-10.2",
      "--strict",
      "--shard",
      "2/4",
      "--filter",
      "suites/events/queue.test.ts",
      "--filter",
      "messages/",
      "--seed",
      "7",
      "--max-wait",
      "30",
    ]);
    // The secret is in the run's environment, and nowhere on its command line.
    expect(r.argv.at(-1)).toBe(`CC_PERSONAS=${personas}`);
    expect(args.join(" ")).not.toContain("SECRET-KEY");
  });

  it("hands on run's exit code: 1 is the server's verdict", () => {
    const r = runAction(workspace(true), {}, { FAKE_EXIT: "1" });
    expect(r.code, r.out).toBe(1);
    expect(r.argv.slice(0, 3)).toEqual(["run", "--out", "reports/conformance"]);
  });

  it("installs its own release by default, and a failed install exits 2 saying so, never 1", () => {
    const npm = fakeNpm();
    const cwd = workspace(false);
    const npmRecord = join(cwd, "npm.txt");
    const r = runAction(cwd, {}, { PATH: `${npm}:${process.env.PATH}`, CC_NPM_RECORD: npmRecord, FAKE_NPM: "fail" });
    expect(r.code, r.out).toBe(2);
    expect(readFileSync(npmRecord, "utf8").trim()).toBe(`chat-conformance@${VERSION}`);
    expect(r.out).toMatch(new RegExp(`could not install chat-conformance@${VERSION.replace(/\./g, "\\.")} \\(npm install exited 1\\); nothing was tested`));
    // The version input, when given, is what is installed.
    const pinned = runAction(cwd, { version: "0.0.9" }, { PATH: `${npm}:${process.env.PATH}`, CC_NPM_RECORD: npmRecord, FAKE_NPM: "fail" });
    expect(pinned.code, pinned.out).toBe(2);
    expect(readFileSync(npmRecord, "utf8").trim()).toBe("chat-conformance@0.0.9");
  });

  it("exits 2 saying so when the installed chat-conformance does not start, never 1", () => {
    const npm = fakeNpm();
    const cwd = workspace(false);
    const r = runAction(cwd, {}, { PATH: `${npm}:${process.env.PATH}`, CC_NPM_RECORD: join(cwd, "npm.txt"), FAKE_NPM: "broken" });
    expect(r.code, r.out).toBe(2);
    expect(r.out).toMatch(/chat-conformance did not start \(.*--version exited 1\); nothing was tested/);
    // A workspace's own install that does not start is the same.
    const own = workspace(false);
    fakeBin(join(own, "node_modules", ".bin"), false);
    const o = runAction(own, {});
    expect(o.code, o.out).toBe(2);
    expect(o.out).toMatch(/did not start/);
  });

  it("names the artifact after the shard unless told otherwise", () => {
    const cwd = workspace(true);
    const out = join(cwd, "github-output");
    writeFileSync(out, "");
    expect(runAction(cwd, { shard: "3/4" }, { GITHUB_OUTPUT: out }).code).toBe(0);
    expect(readFileSync(out, "utf8")).toMatch(/^artifact=conformance-reports-3-of-4$/m);
  });
});
