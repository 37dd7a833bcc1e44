import { describe, expect, it } from "vitest";
import { faults, type Fault } from "../reference-server/faults.ts";
import { levels, type LevelSwitch } from "../reference-server/levels.ts";
import { catalog } from "../src/catalog/catalog.ts";
import { coverage } from "../src/catalog/coverage.ts";
import { errorsOnly, formatIssue } from "../src/lint/issues.ts";
import { lintTests } from "../src/lint/tests.ts";
import { collectTests } from "../src/expect/collect.ts";
import { ROUTES } from "../reference-server/routes.ts";
import { operationSpan } from "../facts/zulip-operations.ts";

/** The registries are checked both ways: catalog ↔ suites ↔ levels.ts ↔ faults.ts. */
describe("reference-server/levels.ts", () => {
  for (const [name, s] of Object.entries(levels) as Array<[string, LevelSwitch]>) {
    it(`${name} switches exactly where its clause begins (and ends)`, () => {
      const c = catalog().clause(s.clause);
      expect(c, `clause ${s.clause} is not in the catalog`).toBeDefined();
      expect(c!.level, `${name} begins at FL${s.since}; its clause ${s.clause} at FL${c!.level}`).toBe(s.since);
      expect(c!.until, `${name} ends at FL${s.until ?? "never"}; its clause ${s.clause} at FL${c!.until ?? "never"}`).toBe(s.until);
    });
  }
});

describe("reference-server/routes.ts", () => {
  /** Path parameters as Zulip writes them, whatever their names: find-my-way's `:name(regex)` and `*` both become `{}`. */
  const shape = (path: string) =>
    path
      .replace(/:[a-z_]+(\([^)]*\))?/g, "{}")
      .replace(/\{[a-z_]+\}/g, "{}")
      .replace(/\*$/, "{}");
  for (const route of ROUTES.filter((r) => r.operation !== undefined)) {
    it(`${route.method} ${route.path} is Zulip's ${route.operation}, at its method and path`, () => {
      const span = operationSpan(route.operation!);
      expect(span, `Zulip's description has no operation ${route.operation}`).toBeDefined();
      expect(`${route.method} ${shape(route.path)}`).toBe(`${span!.method} ${shape(span!.path)}`);
    });
  }
});

describe("reference-server/faults.ts", () => {
  for (const [id, f] of Object.entries(faults) as Array<[string, Fault]>) {
    it(`${id} names an existing clause and switch`, () => {
      expect(catalog().clause(f.clause), `clause ${f.clause}`).toBeDefined();
      if (f.flips) expect(Object.keys(levels)).toContain(f.flips);
      expect(id === f.clause || id.startsWith(`${f.clause}#`), "a fault's id is its clause id, or the clause id and #variant").toBe(true);
    });
  }
});

describe("suites", () => {
  it("name existing clauses, with unique ids and gating that agrees with the catalog", async () => {
    const tests = await collectTests();
    expect(tests.length).toBeGreaterThan(0);
    const issues = errorsOnly(lintTests(catalog(), tests));
    expect(issues.map(formatIssue)).toEqual([]);
    const cov = coverage(catalog(), tests);
    console.log(`catalog coverage: ${cov.tested}/${cov.testable} testable clauses have a test (${cov.untestable} untestable)`);
  });
});

describe("the fault self-test", () => {
  it("has a fault of its own for every clause a test names, so each clause's tests are proven able to fail", async () => {
    const { faults } = await import("../reference-server/faults.ts");
    const faulted = new Set(Object.values(faults).map((f) => f.clause));
    const tested = new Set((await collectTests()).flatMap((t) => t.clauses));
    const missing = catalog()
      .clauses.filter((c) => c.testable === true && tested.has(c.id) && !faulted.has(c.id))
      .map((c) => c.id);
    expect(missing, "tested clauses without a named fault in reference-server/faults/").toEqual([]);
  });

  it("has one file per file of faults (faults-<area>[-<part>].test.ts), so no fault escapes it", async () => {
    const { readdirSync } = await import("node:fs");
    const areas = readdirSync(new URL("../reference-server/faults/", import.meta.url), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && f !== "fault.ts")
      .map((f) => f.replace(/\.ts$/, "").replaceAll("/", "-"));
    const proofs = readdirSync(new URL("./self-test/", import.meta.url))
      .filter((f) => f.startsWith("faults-"))
      .map((f) => f.replace(/^faults-|\.test\.ts$/g, ""));
    expect(proofs.sort()).toEqual(areas.sort());
  });
});
