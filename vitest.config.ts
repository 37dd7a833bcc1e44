import { execFileSync } from "node:child_process";
import { defineConfig } from "vitest/config";

/**
 * `npm test`: the unit tests (harness, catalog lint, reference server, fault self-test) and the suites against the
 * reference server: every suite at the full-sweep levels (the floor, the release levels, the last level), and at
 * both sides of every other boundary the tests that have a boundary there. CC_LEVELS="372,166" narrows the sweep
 * to those levels (every suite at each) while developing.
 */
type Plan = Record<string, string[] | "all">;

function plan(): Plan {
  if (process.env.CC_LEVELS) return Object.fromEntries(process.env.CC_LEVELS.split(",").map((l) => [l.trim(), "all" as const]));
  return JSON.parse(execFileSync(process.execPath, ["bin/chat-conformance.js", "levels"], { encoding: "utf8" })) as Plan;
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["test/**/*.test.ts"], testTimeout: 120_000 } },
      ...Object.entries(plan()).map(([fl, files]) => ({
        test: {
          name: `fl${fl}`,
          include: files === "all" ? ["suites/**/*.test.ts"] : files,
          globalSetup: ["src/target/global-setup.ts"],
          provide: { referenceLevel: Number(fl), sweepFocus: files === "all" ? null : Number(fl) },
          testTimeout: 60_000,
        },
      })),
    ],
  },
});
