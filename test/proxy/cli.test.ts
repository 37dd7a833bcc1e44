import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";
import { CLI } from "../support/cli-entry.ts";

/**
 * `chat-conformance proxy` as a user runs it: bad input is one line and exit 2 (never a stack trace); a running
 * proxy prints each finding as a line, and on SIGINT writes the reports and exits with the --fail-on code; with
 * `-- CMD` (issue 22, item 5) it runs CMD once it listens and exits with the verdict or CMD's code.
 */
const ROOT = new URL("../../", import.meta.url).pathname;

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [...CLI, "proxy", ...args], { encoding: "utf8", timeout: 60_000, cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("proxy: bad input, exit 2 with one line", () => {
  it.each([
    [["--port", "0"], "proxy needs --target URL"],
    [["--target", "not a url"], "--target must be an http(s) URL, got 'not a url'"],
    [["--target", "ftp://example.org"], "--target must be an http(s) URL"],
    [["--target", "http://127.0.0.1:1", "--fail-on", "sometimes"], "--fail-on must be error or warning, got 'sometimes'"],
    [["--target", "http://127.0.0.1:1", "--port", "0", "--wait", "0"], "cannot reach http://127.0.0.1:1: ECONNREFUSED (waited 0 s"],
    [["--target", "http://127.0.0.1:1", "--wait", "soon"], "--wait must be an integer from 0 to 3600, got 'soon'"],
    [["--target", "http://127.0.0.1:1", "--"], "nothing after --: give the command to run"],
  ])("%j", (args, message) => {
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).not.toMatch(/\bat .*\.ts:\d+/);
  });
});

describe("proxy against a running server, stopped by SIGINT", () => {
  let server: ReferenceServer;
  let out: string;

  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: 372, port: 0, faults: ["fl153.errors.error-envelope"] });
    out = mkdtempSync(join(tmpdir(), "cc-proxy-cli-"));
  });
  afterAll(async () => {
    rmSync(out, { recursive: true, force: true });
    await server.close();
  });

  async function runProxy(failOn: string, path: string): Promise<{ code: number | null; out: string; err: string; status: number }> {
    const child = spawn(process.execPath, [...CLI, "proxy", "--target", server.url, "--port", "0", "--out", out, "--fail-on", failOn], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
        const m = /proxy: (http:\/\/\S+) →/.exec(stderr);
        if (m) resolve(m[1]!);
      });
      child.on("exit", (code) => reject(new Error(`proxy exited ${code}: ${stderr}`)));
    });
    const m = server.personas.member!;
    const res = await request(`${url}/api/v1${path}`, { headers: { authorization: `Basic ${Buffer.from(`${m.email}:${m.apiKey}`).toString("base64")}` } });
    await res.body.text();
    // The finding's line comes once the exchange is checked: wait for it (or for the answer alone when none is due).
    if (path !== "/users/me") {
      await new Promise<void>((resolve) => {
        const seen = () => stdout.includes("\n") && resolve();
        seen();
        child.stdout.on("data", seen);
      });
    }
    const code = await new Promise<number | null>((resolve) => {
      child.on("exit", (c) => resolve(c));
      child.kill("SIGINT");
    });
    return { code, out: stdout, err: stderr, status: res.statusCode };
  }

  it("a violation (fl153.errors.error-envelope): its line on stdout, the reports written, exit 1", async () => {
    const r = await runProxy("error", "/no_such_endpoint");
    expect(r.status).toBe(404);
    expect(r.out).toMatch(
      /^violation \[fl153\.errors\.error-envelope\] GET \/api\/v1\/no_such_endpoint → 404 \(member@lab\.example\): spec: An error response/m,
    );
    expect(r.code).toBe(1);
    for (const f of ["results.json", "index.html", "junit.xml"]) expect(existsSync(join(out, f))).toBe(true);
    const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as { tests: Array<{ clauses: string[]; status: string }> };
    expect(results.tests.find((t) => t.status === "fail")?.clauses).toEqual(["fl153.errors.error-envelope"]);
    // The headline counts what broke by severity and what held: "N violations of M clauses", never "of 0 clauses".
    expect(r.err).toMatch(
      /chat-conformance proxy: 1 violation of 1 clause and 0 warnings; (\d+) clauses? checked, \d+ never broken; a proxy session checks only the traffic its clients made: 1 exchange/,
    );
  });

  it("no violation: exit 0", async () => {
    const r = await runProxy("warning", "/users/me");
    expect(r.status).toBe(200);
    expect(r.out).toBe("");
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/chat-conformance proxy: 0 violations and 0 warnings; \d+ clauses? checked, none broken; a proxy session/);
    expect(r.err).not.toMatch(/of 0 clauses/);
  });
});

/** A port nothing listens on (taken from the system, then let go). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((done) => s.listen(0, "127.0.0.1", done));
  const { port } = s.address() as AddressInfo;
  await new Promise((done) => s.close(done));
  return port;
}

/** `proxy … -- node -e SCRIPT`: the proxy and the command as CI runs them, with what each printed. */
function proxyRunning(args: string[], script: string | string[]) {
  const cmd = Array.isArray(script) ? script : [process.execPath, "-e", script];
  const child = spawn(process.execPath, [...CLI, "proxy", "--port", "0", ...args, "--", ...cmd], { cwd: ROOT });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  return { child, exited, out: () => out, err: () => err };
}

describe("proxy -- CMD ARGS… (the CI form): the command runs through the proxy, the proxy stops when it ends", () => {
  let server: ReferenceServer;
  let out: string;
  const member = () => server.personas.member!;
  const auth = () => `Basic ${Buffer.from(`${member().email}:${member().apiKey}`).toString("base64")}`;
  /** A command that calls PATH through $CC_PROXY_URL as the member, prints the status, and exits CODE. */
  const calls = (path: string, code: number) =>
    `fetch(process.env.CC_PROXY_URL + "/api/v1${path}", { headers: { authorization: ${JSON.stringify(auth())} } }).then(async (r) => { await r.text(); console.log("status " + r.status); process.exit(${code}); })`;

  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: 372, port: 0, faults: ["fl153.errors.error-envelope"] });
    out = mkdtempSync(join(tmpdir(), "cc-proxy-cmd-"));
  });
  afterAll(async () => {
    rmSync(out, { recursive: true, force: true });
    await server.close();
  });

  it("no finding: the command's own exit code (7), CC_PROXY_URL set to the proxy, the report written", async () => {
    const p = proxyRunning(["--target", server.url, "--out", join(out, "clean")], calls("/users/me", 7));
    expect(await p.exited).toBe(7);
    expect(p.out()).toContain("status 200");
    expect(p.err()).toMatch(/running .* with CC_PROXY_URL=http:\/\/127\.0\.0\.1:\d+/);
    expect(p.err()).toContain("exited 7");
    const results = JSON.parse(readFileSync(join(out, "clean", "results.json"), "utf8")) as { partial: { reasons: string[] } };
    expect(results.partial.reasons[0]).toContain("1 exchange");
  });

  it("a violation (fl153.errors.error-envelope) at --fail-on error: exit 1 although the command exited 0", async () => {
    const p = proxyRunning(["--target", server.url, "--out", join(out, "bad")], calls("/no_such_endpoint", 0));
    expect(await p.exited).toBe(1);
    expect(p.out()).toMatch(/^violation \[fl153\.errors\.error-envelope\]/m);
    expect(p.err()).toContain("exited 0; exit 1 for the finding at or above --fail-on error");
  });

  it("SIGTERM and SIGINT to the proxy reach the command; the proxy ends when it has, with its code", async () => {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const script = `for (const s of ["SIGINT", "SIGTERM"]) process.on(s, () => { console.log("command got " + s); process.exit(5); }); console.log("ready"); setInterval(() => {}, 1000);`;
      const p = proxyRunning(["--target", server.url, "--out", join(out, signal)], script);
      await new Promise<void>((done) => {
        const seen = () => p.out().includes("ready") && done();
        p.child.stdout.on("data", seen);
      });
      p.child.kill(signal);
      expect(await p.exited).toBe(5);
      expect(p.out()).toContain(`command got ${signal}`);
      expect(existsSync(join(out, signal, "results.json"))).toBe(true);
    }
  });

  it("a command that does not exist: exit 2, one line naming it, no report", async () => {
    const p = proxyRunning(["--target", server.url, "--out", join(out, "missing")], ["no-such-command-cc"]);
    expect(await p.exited).toBe(2);
    expect(p.err()).toContain("chat-conformance: command not found: no-such-command-cc (the command after --)");
    expect(p.err()).not.toMatch(/\bat .*\.ts:\d+/);
    expect(existsSync(join(out, "missing", "results.json"))).toBe(false);
  });

  it("a target not listening yet is waited for: the command starts once it answers", async () => {
    const port = await freePort();
    const p = proxyRunning(["--target", `http://127.0.0.1:${port}`, "--out", join(out, "late"), "--wait", "60"], calls("/users/me", 0));
    await new Promise<void>((done) => {
      const seen = () => p.err().includes("waiting up to 60 s") && done();
      seen();
      p.child.stderr.on("data", seen);
    });
    const late = await createReferenceServer({ featureLevel: 372, port });
    try {
      expect(await p.exited).toBe(0);
      // The seeded keys are the same in every reference server: the member's call is answered by the late one.
      expect(p.out()).toContain("status 200");
    } finally {
      await late.close();
    }
  });

  it("a target that never comes: exit 2 with the reason once --wait is over, the command never started", async () => {
    const port = await freePort();
    const p = proxyRunning(["--target", `http://127.0.0.1:${port}`, "--wait", "1"], calls("/users/me", 0));
    expect(await p.exited).toBe(2);
    expect(p.err()).toContain(`chat-conformance: cannot reach http://127.0.0.1:${port}: ECONNREFUSED (waited 1 s for it to start; --wait N waits longer)`);
    expect(p.out()).toBe("");
  });
});
