import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI } from "../support/cli-entry.ts";

/**
 * The product agrees with itself (issue 22, item 6): the whole suite, run through `proxy` against `serve`, is green,
 * and the proxy finds nothing in the suite's own traffic — no violation and no warning — throw-away organizations
 * included (the proxy proxies each on a port of its own). At FL 372 and 153, the two ends, side by side (the
 * proxy's rules between them are unit-tested at their boundaries, test/proxy/*.test.ts): each level is
 * a `serve`, and `proxy --fail-on warning -- run --target $CC_PROXY_URL`, as the README's CI example runs a client's
 * tests. Where the two disagreed, the clause's words decided which side was wrong (see the commits that name this
 * test); this holds the agreement.
 */
const ROOT = new URL("../../", import.meta.url).pathname;
const LEVELS = [372, 153];
const work = mkdtempSync(join(tmpdir(), "cc-suite-proxy-"));
const started: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(
    started.map(
      (c) =>
        new Promise<void>((done) => {
          if (c.exitCode !== null || c.signalCode !== null) return done();
          c.once("exit", () => done());
          c.kill("SIGTERM");
        }),
    ),
  );
  // Kept when a level failed: its serve line, the run's and the proxy's reports are the evidence.
  if (failed.length === 0) rmSync(work, { recursive: true, force: true });
  else console.log(`reports of the failed levels (${failed.join(", ")}) kept in ${work}`);
});
const failed: number[] = [];

/** `serve --json` at a level: its line (the personas file), once it listens. */
async function serve(fl: number, dir: string): Promise<{ url: string; personas: string }> {
  const child = spawn(process.execPath, [...CLI, "serve", "--port", "0", "--json", "--feature-level", String(fl)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  started.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    let buf = "";
    child.stdout!.on("data", (d: Buffer) => {
      buf += d.toString();
      if (buf.includes("\n")) resolve(buf.slice(0, buf.indexOf("\n")));
    });
    child.once("exit", (code) => reject(new Error(`serve at FL ${fl} exited ${code} before printing its line`)));
  });
  const personas = join(dir, "serve.json");
  writeFileSync(personas, line);
  return { url: (JSON.parse(line) as { url: string }).url, personas };
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  proxy: { tests: Array<{ id: string; status: string; title: string }>; partial: { reasons: string[] } };
  run: { verifiedLevel: number | null; summary: { total: number; mustProblems: number; shouldFailures: number } };
  seconds: number;
}

async function throughProxy(fl: number): Promise<Outcome> {
  const dir = mkdtempSync(join(work, `fl${fl}-`));
  const target = await serve(fl, dir);
  const run = [process.execPath, ...CLI, "run", "--personas", target.personas, "--out", join(dir, "run")].map((a) => `'${a}'`).join(" ");
  const t0 = Date.now();
  const proxy = spawn(
    process.execPath,
    [
      ...CLI,
      "proxy",
      "--target",
      target.url,
      "--port",
      "0",
      "--out",
      join(dir, "proxy"),
      "--fail-on",
      "warning",
      "--",
      "sh",
      "-c",
      `exec ${run} --target "$CC_PROXY_URL"`,
    ],
    { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } },
  );
  started.push(proxy);
  let stdout = "";
  let stderr = "";
  proxy.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  proxy.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((done) => proxy.on("exit", (c) => done(c)));
  const read = (f: string) => JSON.parse(readFileSync(join(dir, f, "results.json"), "utf8")) as never;
  return { code, stdout, stderr, proxy: read("proxy"), run: read("run"), seconds: (Date.now() - t0) / 1000 };
}

describe("the whole suite through the proxy against serve: the run green, the proxy silent", () => {
  // Side by side: the four runs share the machine; each takes a little over a minute alone.
  const outcomes = new Map(LEVELS.map((fl) => [fl, throughProxy(fl)] as const));

  it.each(LEVELS)(
    "FL %i",
    async (fl) => {
      const o = await outcomes.get(fl)!;
      failed.push(fl);
      const findings = o.stdout.split("\n").filter((l) => /^(violation|warning) \[/.test(l));
      expect(findings, `the proxy's findings on the suite's own traffic at FL ${fl}`).toEqual([]);
      expect(o.proxy.tests.filter((t) => t.status === "fail").map((t) => t.title)).toEqual([]);
      expect(o.run.summary.mustProblems, o.stdout.slice(-3000)).toBe(0);
      expect(o.run.verifiedLevel).toBe(fl);
      expect(o.code, o.stderr.slice(-2000)).toBe(0);
      // The throw-away organizations' traffic went through the proxy too.
      expect(o.stderr).toMatch(/throw-away organization http:\S+ proxied at http:/);
      failed.splice(failed.indexOf(fl), 1);
      console.log(`FL ${fl}: ${o.run.summary.total} tests, run and proxy in ${o.seconds.toFixed(0)} s; ${o.proxy.partial.reasons[0]}`);
    },
    900_000,
  );
});
