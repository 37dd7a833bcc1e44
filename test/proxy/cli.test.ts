import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";
import { CLI } from "../support/cli-entry.ts";

/**
 * `chat-conformance proxy` as a user runs it: bad input is one line and exit 2 (never a stack trace); a running
 * proxy prints each finding as a line, and on SIGINT writes the reports and exits with the --fail-on code.
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
    [["--target", "http://127.0.0.1:1", "--port", "0"], "cannot reach http://127.0.0.1:1"],
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
    expect(r.out).toMatch(/^violation \[fl153\.errors\.error-envelope\] GET \/api\/v1\/no_such_endpoint → 404 \(member@lab\.example\): spec: An error response/m);
    expect(r.code).toBe(1);
    for (const f of ["results.json", "index.html", "junit.xml"]) expect(existsSync(join(out, f))).toBe(true);
    const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as { tests: Array<{ clauses: string[]; status: string }> };
    expect(results.tests.find((t) => t.status === "fail")?.clauses).toEqual(["fl153.errors.error-envelope"]);
    expect(r.err).toContain("1 violation and 0 warnings of 1 clause");
  });

  it("no violation: exit 0", async () => {
    const r = await runProxy("warning", "/users/me");
    expect(r.status).toBe(200);
    expect(r.out).toBe("");
    expect(r.code).toBe(0);
  });
});
