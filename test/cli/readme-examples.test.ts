import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiKeyFor } from "../../reference-server/state/ids.ts";

/**
 * The README's shell examples, run as written (issue 22, item 5): a ```sh block runs here when the line before it
 * is the marker `<!-- readme-test: run -->`. Unmarked blocks are prose (a full `npm test`, a target on the
 * internet, a sweep of minutes) and are left alone, so that a block someone adds is not run by surprise; mark it to
 * have it run. Each marked block runs in an empty folder under `bash -eo pipefail` (GitHub's `run:` shell), in a
 * process group of its own; once the block has ended, what it left in the background (a `serve &`) is stopped with
 * SIGTERM, and the test fails unless every process of the group is gone.
 *
 * Substituted, and nothing else, because a test must:
 * - the ports 9991 and 9992, by free ones (other tests and engineers share the machine);
 * - `npx chat-conformance …` and `npm run serve`, by the CLI from this tree's source (`node --import tsx
 *   src/cli/entry.ts`, `serve --port <the free one>`), through `npx` and `npm` commands first on PATH that hand
 *   every other use to the real ones: the test proves the code as it stands; the packed package's bin, and npx in
 *   front of it, are scripts/installed-check.mjs's to prove;
 * - `npm run e2e`, which stands for the reader's own client tests, by a short client session against $ZULIP_SITE
 *   (server_settings, register, a message, a fetch) as the seeded member.
 */
const ROOT = new URL("../../", import.meta.url).pathname;
const MARKER = "<!-- readme-test: run -->";

interface Example {
  /** The README line the block starts on, for the test's name. */
  line: number;
  script: string;
}

/** Every ```sh block whose previous non-blank line is the marker. */
function markedExamples(readme: string): Example[] {
  const out: Example[] = [];
  const lines = readme.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== MARKER) continue;
    let j = i + 1;
    while (j < lines.length && lines[j]!.trim() === "") j++;
    if (!/^```(sh|bash)\s*$/.test(lines[j] ?? "")) throw new Error(`README.md:${i + 1}: ${MARKER} is not followed by a \`\`\`sh block`);
    const end = lines.findIndex((l, k) => k > j && /^```\s*$/.test(l));
    out.push({ line: j + 1, script: lines.slice(j + 1, end).join("\n") });
    i = end;
  }
  return out;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((done) => s.listen(0, "127.0.0.1", done));
  const { port } = s.address() as AddressInfo;
  await new Promise((done) => s.close(done));
  return port;
}

/** The pids whose process group is `pgid` (Linux /proc; the fields after the command's closing parenthesis). */
function groupMembers(pgid: number): Array<{ pid: number; cmd: string }> {
  const out: Array<{ pid: number; cmd: string }> = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // state, ppid, pgrp: a zombie is gone already (its parent has not reaped it yet).
      if (Number(fields[2]) !== pgid || fields[0] === "Z") continue;
      out.push({ pid: Number(name), cmd: readFileSync(`/proc/${name}/cmdline`, "utf8").replace(/\0/g, " ").trim() });
    } catch {
      // The process ended while being read.
    }
  }
  return out;
}

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`${what} after ${ms / 1000} s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The client session `npm run e2e` stands for: plain fetch calls through $ZULIP_SITE, exit 1 on any failed call. */
const E2E = `
const site = process.env.ZULIP_SITE;
const auth = "Basic " + Buffer.from(process.env.E2E_EMAIL + ":" + process.env.E2E_KEY).toString("base64");
async function call(method, path, form) {
  const res = await fetch(site + "/api/v1" + path, { method, headers: { authorization: auth, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) }, body: form ? new URLSearchParams(form).toString() : undefined });
  const body = await res.json();
  if (body.result !== "success") { console.error("e2e: " + method + " " + path + " → " + res.status + " " + JSON.stringify(body)); process.exit(1); }
  return body;
}
await call("GET", "/server_settings");
const reg = await call("POST", "/register", { event_types: JSON.stringify(["message"]), client_capabilities: JSON.stringify({ notification_settings_null: true }) });
await call("POST", "/messages", { type: "stream", to: "general", topic: "e2e", content: "hello from e2e" });
await call("GET", "/messages?anchor=newest&num_before=5&num_after=0");
await call("DELETE", "/events?queue_id=" + encodeURIComponent(reg.queue_id));
console.log("e2e: 5 calls through " + site);
`;

const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const examples = markedExamples(readme);
const work = mkdtempSync(join(tmpdir(), "cc-readme-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the README's marked shell examples run as written, and leave nothing running", () => {
  it("the README marks its runnable examples (the by-hand serve and the proxy's CI example at least)", () => {
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(examples.some((e) => e.script.includes("npm run serve &"))).toBe(true);
    expect(examples.some((e) => / proxy .* -- /.test(e.script))).toBe(true);
  });

  it.each(examples.map((e) => [e.line, e] as const))("README.md:%i", async (_line, example) => {
    const dir = mkdtempSync(join(work, "block-"));
    const [serve, proxy] = [await freePort(), await freePort()];
    const script = example.script.replace(/\b9991\b/g, String(serve)).replace(/\b9992\b/g, String(proxy));
    writeFileSync(join(dir, "e2e.mjs"), E2E);
    const tsx = import.meta.resolve("tsx");
    const entry = join(ROOT, "src", "cli", "entry.ts");
    // The substitutes are commands on PATH, not shell functions: the proxy starts `npm run e2e` itself.
    const bin = join(dir, "bin");
    mkdirSync(bin);
    const real = (name: string) => execFileSync("bash", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
    const cli = `"${process.execPath}" --import "${tsx}" "${entry}"`;
    writeFileSync(join(bin, "npx"), `#!/bin/sh\nif [ "$1" = chat-conformance ]; then shift; exec ${cli} "$@"; fi\nexec "${real("npx")}" "$@"\n`, {
      mode: 0o755,
    });
    writeFileSync(
      join(bin, "npm"),
      `#!/bin/sh\ncase "$1 $2" in\n"run serve") shift 2; exec ${cli} serve --port ${serve} "$@";;\n"run e2e") exec "${process.execPath}" "${join(dir, "e2e.mjs")}";;\nesac\nexec "${real("npm")}" "$@"\n`,
      { mode: 0o755 },
    );
    writeFileSync(join(dir, "example.sh"), `${script}\n`);
    const env = {
      ...process.env,
      PATH: `${bin}:${process.env.PATH ?? ""}`,
      NO_COLOR: "1",
      E2E_EMAIL: "member@lab.example",
      E2E_KEY: apiKeyFor("chat-conformance", "member@lab.example"),
    };
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "example.sh"], {
      cwd: dir,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((done) => child.on("exit", (c) => done(c)));
    const pgid = child.pid!;
    // What the block left running on purpose: its `&` jobs (serve). The proxy, run with -- CMD, must have ended.
    const left = groupMembers(pgid);
    try {
      expect(code, `${out}\n${err}`).toBe(0);
      expect(left.filter((p) => / proxy /.test(p.cmd)).map((p) => p.cmd)).toEqual([]);
      if (script.includes(" proxy ")) {
        expect(err).toContain("with CC_PROXY_URL=");
        expect(out).toContain("e2e: 5 calls through");
        expect(err).toMatch(/0 violations and 0 warnings/);
        expect(existsSync(join(dir, "reports", "proxy", "results.json"))).toBe(true);
      } else {
        expect(out.match(/"result":"success"/g)?.length, out).toBe(script.split("\n").filter((l) => l.startsWith("curl ")).length);
      }
    } finally {
      try {
        process.kill(-pgid, "SIGTERM");
      } catch {
        // Nothing was left.
      }
      await until(`processes of the example still running: ${JSON.stringify(groupMembers(pgid))}`, () => groupMembers(pgid).length === 0, 20_000);
    }
    expect(groupMembers(pgid)).toEqual([]);
  });
});
