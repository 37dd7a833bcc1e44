import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { FULL_SWEEP_LEVELS, type Sweep } from "./src/expect/sweep.ts";

/**
 * `npm test`: the unit tests (harness, catalog lint, reference server, fault self-test) and the suites against
 * embedded reference servers: every test at the full-sweep levels (the floor, the release levels, the last level)
 * and at both sides of each of its own boundaries. Each worker starts a server per level as its tests need one
 * (src/target/sweep-targets.ts). CC_LEVELS="372,166" narrows the sweep to those levels while developing.
 */
function sweep(): Sweep {
  const raw = process.env.CC_LEVELS;
  if (!raw) return { levels: [...FULL_SWEEP_LEVELS], boundaries: true };
  const levels = raw.split(",").map((l) => Number(l.trim()));
  if (levels.some((l) => !Number.isInteger(l) || l < 153 || l > 372)) throw new Error(`CC_LEVELS must list feature levels from 153 to 372, got '${raw}'`);
  return { levels, boundaries: false };
}

/** CC_SEED=N: every property test starts from seed N, to replay a failure that printed it. */
function propertySeed(): { propertySeed?: number } {
  const raw = process.env.CC_SEED;
  if (raw === undefined || raw === "") return {};
  if (!/^-?\d+$/.test(raw)) throw new Error(`CC_SEED must be an integer (a seed a property test printed), got '${raw}'`);
  return { propertySeed: Number(raw) };
}

export default defineConfig({
  test: {
    // Most files spend their time waiting (for a child process, a server, a delivery coming due, a rate limit's
    // window): a worker more than the cores keeps them busy while one file waits, where vitest's default on two
    // cores would be one worker.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/zulip/**", "test/zulip-client/**", "test/zulip-suite/**"],
          testTimeout: 120_000,
          // The unit tests mock nothing and keep no state in the modules they share (each starts its own servers
          // and child processes): importing the reference server, the harness and the collected suite (each fault
          // self-test file's) once per worker rather than once per file halves the project's time.
          isolate: false,
        },
      },
      // Real clients against the reference server, each file in a fresh process: loading zulip-js replaces the
      // global FormData, which the other files' uploads use.
      { test: { name: "zulip-client", include: ["test/zulip-client/**/*.test.ts"], testTimeout: 120_000 } },
      {
        test: {
          name: "suites",
          include: ["suites/**/*.test.ts"],
          provide: { sweep: sweep(), ...propertySeed() },
          testTimeout: 60_000,
          // Suite files share nothing but their servers, and a worker runs its files one at a time: keeping the
          // harness and catalog imported across files saves most of the run's time.
          isolate: false,
        },
      },
      // The reference server as `--product zulip`, every response and event of a tour of all operations checked
      // against Zulip's own API description at several levels (test/zulip; `npx vitest run --project zulip`).
      { test: { name: "zulip", include: ["test/zulip/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 300_000 } },
      // The whole suite against the reference server as `--product zulip` at five levels, every event and 200 body
      // recorded and checked against Zulip 10.2's own models, each file in a process of its own (the recorder wraps
      // node:http's Server). `npx vitest run --project zulip-suite`; `npx tsx test/zulip-suite/record-run.ts FL`.
      { test: { name: "zulip-suite", include: ["test/zulip-suite/**/*.test.ts"], testTimeout: 300_000 } },
    ],
  },
});
