import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResultsSchema, type Results } from "../../src/results/schema.ts";
import { CLI } from "../support/cli-entry.ts";
import { holdingEvents } from "../support/holding-events.ts";
import { serveChild } from "../support/serve-child.ts";

/**
 * fl153.events.long-poll as a run meets a target whose events feed is late: `serve` behind a stub that holds back
 * every answer to GET /events. Held back for longer than any wait's budget, the run still ends with a verdict, the
 * events clause's failure with the exchange that showed it, and the tests that need the feed blocked with that
 * reason; held back a little (well within the budgets), the run is green.
 */

const ROOT = new URL("../../", import.meta.url).pathname;

/** The events suites and the suites of sending and reading messages: the tests that wait for events the most. */
const FILTER = ["suites/events/", "suites/messages/send.test.ts", "suites/messages/flags.test.ts", "suites/messages/reactions.test.ts"].flatMap((f) => [
  "--filter",
  f,
]);

/** `run` against `target` with `personas` as the file, without blocking this process (the stub lives in it). */
async function run(target: string, personas: string): Promise<{ code: number | null; out: string; results: Results }> {
  const outDir = mkdtempSync(join(tmpdir(), "cc-late-events-"));
  const child = spawn(process.execPath, [...CLI, "run", "--out", outDir, "--target", target, "--personas", personas, ...FILTER], {
    cwd: ROOT,
    env: { ...process.env, CC_HARNESS_HOST: "" },
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, out, results: ResultsSchema.parse(JSON.parse(readFileSync(join(outDir, "results.json"), "utf8"))) };
}

describe("fl153.events.long-poll: a run against a target whose events are late", () => {
  let serve: Awaited<ReturnType<typeof serveChild>>;
  let personas: string;
  beforeAll(async () => {
    serve = await serveChild([], ROOT);
    personas = join(mkdtempSync(join(tmpdir(), "cc-late-personas-")), "personas.json");
    writeFileSync(personas, serve.line);
  }, 60_000);
  afterAll(async () => {
    expect(await serve.stop()).toBe(0);
  });

  it("held back past every budget: ends with the events clause's failure, the tests that need events blocked with its reason, exit 1", async () => {
    // Longer than the probe's and the tests' budgets, so that every wait would run out before an answer comes.
    const stub = await holdingEvents(serve.doc.url, 100_000);
    try {
      const r = await run(stub.url, personas);
      expect(r.code, r.out).toBe(1);
      const feedFailures = r.results.tests.filter((t) => t.status === "fail" && t.failedClause === "fl153.events.long-poll");
      expect(feedFailures.length, r.out).toBeGreaterThan(0);
      // The exchange that showed it: the GET /events that got no answer.
      expect(feedFailures[0]!.curl).toMatch(/GET '[^']*\/api\/v1\/events\?/);
      const blocked = r.results.tests.filter(
        (t) => t.status === "blocked" && (t.message ?? "").includes("the events feed of this target delivered nothing for"),
      );
      expect(blocked.length, r.out).toBeGreaterThan(0);
      // Every test ended with a verdict of the target, none with the harness's error.
      expect(r.results.tests.filter((t) => t.status === "error").map((t) => `${t.id}: ${t.message ?? ""}`)).toEqual([]);
      // The headline names the events clause: the blocked tests point at it too.
      expect(r.results.firstFailure?.clause, r.out).toBe("fl153.events.long-poll");
      expect(r.out).toContain("first failure at FL 153: fl153.events.long-poll");
    } finally {
      await stub.close();
    }
  }, 420_000);

  it("late by a little, well within the budgets: green, exit 0", async () => {
    const stub = await holdingEvents(serve.doc.url, 500);
    try {
      const r = await run(stub.url, personas);
      expect(
        r.results.tests
          .filter((t) => t.status === "fail" || t.status === "blocked" || t.status === "error")
          .map((t) => `${t.status} ${t.id}: ${t.message ?? ""}`),
      ).toEqual([]);
      expect(r.code, r.out).toBe(0);
      expect(r.results.tests.filter((t) => t.status === "pass").length).toBeGreaterThan(20);
    } finally {
      await stub.close();
    }
  }, 420_000);
});
