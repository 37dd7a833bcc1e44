import { describe, it, expect } from "vitest";
import { fileURLToPath } from "node:url";
import { CatalogError, loadCatalogData, type RawCatalog } from "../../src/catalog/load.ts";
import { Catalog } from "../../src/catalog/catalog.ts";
import { coverage } from "../../src/catalog/coverage.ts";
import { CATALOG_CHECKS, lintCatalog } from "../../src/lint/catalog.ts";
import { errorsOnly, formatIssue } from "../../src/lint/issues.ts";
import { TEST_CHECKS, UNTESTED_SEVERITY, lintTests } from "../../src/lint/tests.ts";
import { catalogCounts } from "../../src/catalog/coverage.ts";
import { RELEASES } from "../../src/catalog/schema.ts";
import type { TestInfo } from "../../src/expect/descriptor-info.ts";
import { BAD_CATALOGS } from "./fixtures/bad-catalogs.ts";

const real = loadCatalogData();
const fresh = (): RawCatalog => structuredClone(real);
const fixtureDir = (name: string) => fileURLToPath(new URL(`./fixtures/${name}/`, import.meta.url));

const test = (id: string, clauses: string[], gateLevels: number[] = []): TestInfo => ({
  id,
  title: id,
  file: "suites/fixture.test.ts",
  clauses,
  gateLevels,
});

describe("the real catalog", () => {
  it("passes every catalog check", () => {
    expect(lintCatalog(real).map(formatIssue)).toEqual([]);
  });

  it("holds every level 153..372 and the required clause ids", () => {
    expect(real.levels).toHaveLength(220);
    const ids = new Set(real.clauses.map((c) => c.id));
    for (const id of [
      "fl153.versioning.feature-level-in-server-settings",
      "fl257.server.realm-uri-alias",
      "fl167.server.ignored-parameters-unsupported",
      "fl78.settings.ignored-parameters-unsupported",
      "fl211.errors.result-success-or-error",
      "fl153.events.heartbeat",
      "fl174.messages.private-type-alias",
      "fl153.messages.realm-str-mismatch-rejected",
      "fl334.messages.empty-topic-send",
    ])
      expect(ids, id).toContain(id);
    expect(ids).not.toContain("fl153.server.ignored-parameters-before-167");
  });

  it("prints its counts", () => {
    const n = catalogCounts(new Catalog(real));
    console.log(
      [
        `catalog: ${n.levels} levels ${JSON.stringify(n.levelsByKind)}`,
        `clauses: ${n.clauses} (${n.testable} testable, ${n.clauses - n.testable} untestable; by source ${JSON.stringify(n.bySource)})`,
        `by area: ${JSON.stringify(n.clausesByArea)}`,
        `by release: ${JSON.stringify(n.clausesByRelease)}`,
        `untestable by reason: ${JSON.stringify(n.untestableByReason, null, 1)}`,
        `conflicts: ${n.conflicts}`,
      ].join("\n"),
    );
    expect(
      Object.keys(n.clausesByRelease)
        .filter((r) => r !== "before 6.x")
        .sort(),
    ).toEqual([...RELEASES].sort());
  });
});

describe("catalog checks, each on its bad fixtures", () => {
  it.each(BAD_CATALOGS)("$name raises $raises", ({ raises, mutate }) => {
    const raw = fresh();
    mutate(raw);
    const issues = lintCatalog(raw);
    expect([...new Set(issues.map((i) => i.check))].sort()).toEqual([...raises].sort());
    for (const i of issues) expect(formatIssue(i)).toMatch(/^.+: [A-Z-]+ - .+$/);
  });

  it("every catalog check has at least one fixture", () => {
    const covered = new Set(BAD_CATALOGS.flatMap((f) => f.raises));
    expect(CATALOG_CHECKS.map((c) => c.id).filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe("test checks", () => {
  const catalog = new Catalog(real);
  const ids = (issues: { check: string }[]) => [...new Set(issues.map((i) => i.check))];
  const withoutUntested = (tests: TestInfo[]) => lintTests(catalog, tests, { untested: "warn" }).filter((i) => i.check !== "UNTESTED");

  it("accept well-formed tests", () => {
    const ok = [test("a", ["fl208.channels.bad-principal", "fl153.channels.bad-principal-unauthorized"], [208])];
    expect(withoutUntested(ok)).toEqual([]);
  });

  it("TEST-ID-UNIQUE: two tests share an id", () => {
    expect(ids(withoutUntested([test("a", ["fl334.messages.empty-topic-send"]), test("a", ["fl174.messages.direct-type"])]))).toEqual(["TEST-ID-UNIQUE"]);
  });

  it("TEST-CLAUSES-EXIST: unknown clause, or none at all", () => {
    const issues = withoutUntested([test("a", ["fl334.messages.no-such"]), test("b", [])]);
    expect(ids(issues)).toEqual(["TEST-CLAUSES-EXIST"]);
    expect(issues.map(formatIssue)).toEqual([
      "suites/fixture.test.ts: a: TEST-CLAUSES-EXIST - names unknown clause fl334.messages.no-such",
      "suites/fixture.test.ts: b: TEST-CLAUSES-EXIST - names no clause",
    ]);
  });

  it("TEST-GATE-LEVELS: gating on a level none of its clauses names", () => {
    const issues = withoutUntested([test("a", ["fl153.channels.bad-principal-unauthorized"], [153, 208, 209])]);
    expect(issues.map(formatIssue)).toEqual([
      "suites/fixture.test.ts: a: TEST-GATE-LEVELS - gates on level 209, which is neither the level nor the until of its clauses (153, 208)",
    ]);
  });

  it("UNTESTED: an error by default, a warning on request", () => {
    const tests = [test("a", ["fl334.messages.empty-topic-send"])];
    const failed = lintTests(catalog, tests).filter((i) => i.check === "UNTESTED");
    expect(UNTESTED_SEVERITY).toBe("error");
    expect(failed.length).toBe(catalog.clauses.filter((c) => c.testable === true).length - 1);
    expect(failed.every((i) => i.severity === "error")).toBe(true);
    expect(failed.map((i) => i.where)).not.toContain("fl334.messages.empty-topic-send");
    expect(errorsOnly(lintTests(catalog, tests)).length).toBe(failed.length);
    expect(errorsOnly(lintTests(catalog, tests, { untested: "warn" })).length).toBe(0);
    expect(failed.map((i) => i.where)).not.toContain("fl255.versioning.channel-wording"); // untestable
  });

  it("every test check is exercised above", () => {
    expect(TEST_CHECKS.map((c) => c.id).sort()).toEqual(["TEST-CLAUSES-EXIST", "TEST-GATE-LEVELS", "TEST-ID-UNIQUE", "UNTESTED"]);
  });
});

describe("coverage", () => {
  it("counts tested clauses overall, per area and per release", () => {
    const catalog = new Catalog(real);
    const cov = coverage(catalog, [
      test("a", ["fl334.messages.empty-topic-send", "fl334.messages.empty-topic-send"]),
      test("b", ["fl153.server.json-response"]),
    ]);
    expect(cov.tested).toBe(2);
    expect(cov.testable + cov.untestable).toBe(catalog.clauses.length);
    expect(cov.byArea.messages?.tested).toBe(1);
    expect(cov.byRelease["10.0"]?.tested).toBe(1);
    expect(cov.byRelease["6.x"]?.tested).toBe(1);
    expect(cov.untestedIds).not.toContain("fl334.messages.empty-topic-send");
    expect(cov.untestedIds).toHaveLength(cov.testable - 2);
  });
});

describe("the loader's one-line errors", () => {
  const failure = (dir: string): string => {
    try {
      loadCatalogData(fixtureDir(dir));
    } catch (e) {
      expect(e).toBeInstanceOf(CatalogError);
      return (e as Error).message;
    }
    throw new Error(`loading ${dir} did not fail`);
  };

  it("names the file, the entry and the field of a bad clause", () => {
    const msg = failure("bad-clause-field");
    expect(msg).toMatch(/^clauses\/messages\.yaml: fl334\.messages\.bad-tag: field 'tags\.1': /);
    expect(msg).not.toContain("\n");
  });

  it("names the level entry of a bad level", () => {
    const msg = failure("bad-level-field");
    expect(msg).toMatch(/^levels\.yaml: level 200: field 'release': /);
    expect(msg).not.toContain("\n");
  });

  it("names the file that is not valid YAML", () => {
    const msg = failure("bad-yaml-syntax");
    expect(msg).toMatch(/conflicts\.yaml: not valid YAML: /);
    expect(msg).not.toContain("\n");
  });
});
