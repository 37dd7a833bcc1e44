import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ResultsSchema, type Results } from "../../src/results/schema.ts";
import { CLI } from "../support/cli-entry.ts";
import { serveChild } from "../support/serve-child.ts";

/**
 * Honest verdicts: what a run could not verify on its target is said, with what would make it verifiable, and never
 * counted as conforming or as failing; a partial run says it is partial and claims no level it did not check.
 */

const ROOT = new URL("../../", import.meta.url).pathname;

function run(args: string[], timeout: number): { code: number | null; out: string; err: string; results: Results; outDir: string } {
  const outDir = mkdtempSync(join(tmpdir(), "cc-verdict-"));
  const r = spawnSync(process.execPath, [...CLI, "run", "--out", outDir, ...args], {
    encoding: "utf8",
    timeout,
    cwd: ROOT,
    env: { ...process.env, CC_HARNESS_HOST: "" },
  });
  const results = ResultsSchema.parse(JSON.parse(readFileSync(join(outDir, "results.json"), "utf8")));
  return { code: r.status, out: r.stdout, err: r.stderr, results, outDir };
}

/** The suite files whose tests need more than personas: a control, a bouncer, a JWT key, a harness address, a setting. */
const TARGET_DEPENDENT = [
  "suites/authentication/jwt.test.ts",
  "suites/webhooks/webhooks.test.ts",
  "suites/push/",
  "suites/realm/deactivate.test.ts",
  "suites/realm/plan.test.ts",
  "suites/realm/push-notifications.test.ts",
  "suites/events/restart.test.ts",
  "suites/uploads/quota.test.ts",
  "suites/messages/work-budget.test.ts",
  "suites/presence/access.test.ts",
  "suites/presence/history-limit.test.ts",
].flatMap((f) => ["--filter", f]);

describe("run against `serve`", () => {
  it("with only its personas: what needs more is not verifiable, each with its remedy, and the run exits 0", async () => {
    const { doc, stop } = await serveChild([], ROOT);
    try {
      const dir = mkdtempSync(join(tmpdir(), "cc-personas-"));
      const file = join(dir, "personas.json");
      writeFileSync(file, JSON.stringify({ personas: doc.personas }));
      const r = run(["--target", doc.url, "--personas", file, ...TARGET_DEPENDENT], 240_000);
      expect(r.code, r.out + r.err).toBe(0);
      const unverifiable = r.results.tests.filter((t) => t.status === "unverifiable");
      expect(unverifiable.length).toBeGreaterThanOrEqual(15);
      for (const t of unverifiable) expect(t.remedy, t.id).toMatch(/\S/);
      const remedies = unverifiable.map((t) => t.remedy ?? "").join("\n");
      for (const needed of [
        "serverConfig.referenceControl",
        "serverConfig.jwtKey",
        "serverConfig.pushBouncer",
        "serverConfig.canAccessAllUsersGroupLimitsPresence",
        "--harness-host",
      ])
        expect(remedies).toContain(needed);
      expect(r.results.tests.filter((t) => t.status === "blocked" || t.status === "fail" || t.status === "error")).toEqual([]);
      expect(r.results.summary.unverifiableClauses).toBeGreaterThanOrEqual(unverifiable.length);
      expect(r.out).toMatch(/Not verifiable on this target \(\d+ tests\); to make them runnable:/);
      expect(readFileSync(join(r.outDir, "junit.xml"), "utf8")).toContain('<skipped message="unverifiable: the target declares no JWT key');
    } finally {
      expect(await stop()).toBe(0);
    }
  }, 300_000);
});

describe("a partial run", () => {
  it("a filtered run says it is partial and claims neither FL 372 nor full coverage", () => {
    const r = run(["--filter", "suites/server/server-settings.test.ts"], 120_000);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.results.partial?.notRun).toBeGreaterThan(100);
    expect(r.results.partial?.reasons.join("\n")).toContain("not selected by the filter (suites/server/server-settings.test.ts)");
    expect(r.results.verifiedLevel).toBeNull();
    expect(r.results.coverage.tested).toBeLessThan(20);
    expect(r.results.coverage.tested).toBeLessThan(r.results.coverage.testable);
    expect(r.out).not.toContain("conforms through FL 372");
    expect(r.out).toMatch(/^Scope: {4}partial run$/m);
    expect(r.out).toContain("Result:   PARTIAL RUN: NO PROBLEMS FOUND");
    expect(readFileSync(join(r.outDir, "index.html"), "utf8")).toContain("<strong>Partial run</strong>");
    expect(JSON.parse(readFileSync(join(r.outDir, "badge.json"), "utf8"))).toMatchObject({ message: "partial run", color: "lightgrey" });
  }, 150_000);

  it("a run that verified nothing says so, instead of a level below the catalog's floor", () => {
    const r = run(["--read-only", "--filter", "suites/calls/calls.test.ts"], 120_000);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.results.summary.byStatus.pass).toBe(0);
    expect(r.results.verifiedLevel).toBeNull();
    expect(r.out).toMatch(/^Verified: nothing verified/m);
    expect(r.out).toContain("Result:   NOTHING VERIFIED");
    expect(r.out).not.toMatch(/FL 152|conforms through/);
    expect(JSON.parse(readFileSync(join(r.outDir, "badge.json"), "utf8"))).toMatchObject({ message: "nothing verified" });
  }, 150_000);
});
