import { execFileSync } from "node:child_process";
import { defineConfig } from "vitest/config";

/**
 * `npm test`: the unit tests (harness, catalog lint, reference server, fault self-test) and the suites against the
 * reference server at every level the suites' boundaries touch (both sides of each). CC_LEVELS="372,166"
 * narrows the sweep while developing.
 */
function levels(): number[] {
  if (process.env.CC_LEVELS) return process.env.CC_LEVELS.split(",").map(Number);
  const out = execFileSync(process.execPath, ["bin/chat-conformance.js", "levels"], { encoding: "utf8" });
  return JSON.parse(out) as number[];
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["test/**/*.test.ts"], testTimeout: 120_000 } },
      ...levels().map((fl) => ({
        test: {
          name: `fl${fl}`,
          include: ["suites/**/*.test.ts"],
          globalSetup: ["src/target/global-setup.ts"],
          provide: { referenceLevel: fl },
          testTimeout: 60_000,
        },
      })),
    ],
  },
});
