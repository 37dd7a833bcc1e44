import { execFileSync } from "node:child_process";
import { defineConfig } from "vitest/config";
import { ISOLATED_SUITES } from "./src/expect/isolation.ts";

/**
 * `npm test`: the unit tests (harness, catalog lint, reference server, fault self-test) and the suites against the
 * reference server: every suite at the full-sweep levels (the floor, the release levels, the last level), and at
 * both sides of every other boundary the tests that have a boundary there. Suites that change organization
 * settings run in a project of their own at each level (own server, one file at a time). CC_LEVELS="372,166"
 * narrows the sweep to those levels (every suite at each) while developing.
 */
type Plan = Record<string, string[] | "all">;

function plan(): Plan {
  if (process.env.CC_LEVELS) return Object.fromEntries(process.env.CC_LEVELS.split(",").map((l) => [l.trim(), "all" as const]));
  return JSON.parse(execFileSync(process.execPath, ["bin/chat-conformance.js", "levels"], { encoding: "utf8" })) as Plan;
}

function project(name: string, fl: number, include: string[], exclude: string[], focus: number | null, parallel: boolean) {
  return {
    test: {
      name,
      include,
      exclude,
      globalSetup: ["src/target/global-setup.ts"],
      provide: { referenceLevel: fl, sweepFocus: focus },
      testTimeout: 60_000,
      fileParallelism: parallel,
      // Suite files share nothing but the target (every name they create is unique), so a worker keeps the harness
      // and catalog it has imported instead of importing them again for every file: this more than halves the
      // time of a level.
      isolate: false,
    },
  };
}

const projects = Object.entries(plan()).flatMap(([level, files]) => {
  const fl = Number(level);
  const focus = files === "all" ? null : fl;
  const shared = files === "all" ? ["suites/**/*.test.ts"] : files.filter((f) => !ISOLATED_SUITES.includes(f));
  const isolated = files === "all" ? [...ISOLATED_SUITES] : files.filter((f) => ISOLATED_SUITES.includes(f));
  return [
    ...(shared.length ? [project(`fl${fl}`, fl, shared, [...ISOLATED_SUITES], focus, true)] : []),
    ...(isolated.length ? [project(`fl${fl}-isolated`, fl, isolated, [], focus, false)] : []),
  ];
});

export default defineConfig({
  test: {
    projects: [{ test: { name: "unit", include: ["test/**/*.test.ts"], testTimeout: 120_000 } }, ...projects],
  },
});
