import { describe, expect, it } from "vitest";
import type { TestMeta } from "../../src/results/test-records.ts";
import { buildResults, type NotRunTest } from "../../src/results/build.ts";
import { ResultsSchema } from "../../src/results/schema.ts";
import { renderSummary } from "../../src/report/summary.ts";
import type { TargetInfo } from "../../src/target/target.ts";

const target: TargetInfo = { kind: "reference", url: "http://127.0.0.1:9991", featureLevel: 372, product: "chat", personas: {}, runId: "r", notes: [] };
const coverage = { tested: 0, testable: 0, untestable: 0, byArea: {}, byRelease: {}, untestedIds: [] };
const meta = (m: Partial<TestMeta> & Pick<TestMeta, "id" | "clauses" | "status">): TestMeta => ({
  title: m.id,
  file: "suites/x.test.ts",
  exchanges: [],
  durationMs: 1,
  ...m,
});
const build = (tests: TestMeta[], o: { notRun?: NotRunTest[]; strict?: boolean } = {}) =>
  ResultsSchema.parse(
    buildResults({
      target,
      faults: [],
      startedAt: new Date(0),
      durationMs: 5,
      tests,
      coverage,
      toolVersion: "0",
      eventCoverage: [],
      notRun: o.notRun ?? [],
      ...(o.strict ? { strict: true } : {}),
    }),
  );
/** The exit code runConformance derives from the document (suite files all loaded). */
const exitOf = (r: ReturnType<typeof build>) => (r.summary.mustProblems > 0 ? 1 : 0);

const pass = (id: string, clause: string) => meta({ id, clauses: [clause], status: "pass" });
const jwt = meta({
  id: "jwt",
  clauses: ["fl160.authentication.jwt-fetch-api-key"],
  status: "unverifiable",
  message: "the target declares no JWT key",
  remedy: "add serverConfig.jwtKey (the organization's HS256 JWT key) to the personas file",
});

describe("buildResults", () => {
  it("places a failure at the level of the clause that failed, not at the test's first clause", () => {
    const r = build([
      meta({
        id: "property",
        clauses: ["fl153.messages.access-private-channel", "fl354.messages.content-access-single"],
        status: "fail",
        failedClause: "fl354.messages.content-access-single",
      }),
      meta({ id: "ok", clauses: ["fl174.messages.direct-type"], status: "pass" }),
    ]);
    expect(r.firstFailure).toEqual({ clause: "fl354.messages.content-access-single", level: 354, test: "property" });
    expect(r.verifiedLevel).toBe(353);
    expect(r.tests.find((t) => t.id === "property")?.failedClause).toBe("fl354.messages.content-access-single");
  });

  it("without a named failed clause, the test's first clause places it; a clean run verifies the target's level", () => {
    expect(build([meta({ id: "a", clauses: ["fl174.messages.direct-type"], status: "error" })]).firstFailure).toEqual({
      clause: "fl174.messages.direct-type",
      level: 174,
      test: "a",
    });
    const clean = build([meta({ id: "b", clauses: ["fl174.messages.direct-type"], status: "pass" })]);
    expect([clean.verifiedLevel, clean.firstFailure, clean.partial]).toEqual([372, null, null]);
  });

  it("an unverifiable test neither lowers the verified level nor makes the run red, and keeps its remedy", () => {
    const r = build([pass("a", "fl153.uploads.upload-quota"), jwt, pass("b", "fl257.server.realm-url")]);
    expect(r.verifiedLevel).toBe(372);
    expect(r.summary).toMatchObject({ mustProblems: 0, unverifiableClauses: 1 });
    expect(r.summary.byStatus.unverifiable).toBe(1);
    expect(exitOf(r)).toBe(0);
    expect(r.tests.find((t) => t.id === "jwt")).toMatchObject({
      status: "unverifiable",
      remedy: "add serverConfig.jwtKey (the organization's HS256 JWT key) to the personas file",
    });
    expect(r.partial?.reasons).toEqual(["1 test not verifiable on this target (each names what would make it runnable)"]);
    const text = renderSummary(r);
    expect(text).toContain("Verified: conforms through FL 372; 1 clause not verifiable on this target");
    expect(text).toContain("add serverConfig.jwtKey (the organization's HS256 JWT key) to the personas file");
  });

  it("with strict, an unverifiable test is a problem: red, and the verified level stops below it", () => {
    const r = build([pass("a", "fl153.uploads.upload-quota"), jwt, pass("b", "fl257.server.realm-url")], { strict: true });
    expect(r.strict).toBe(true);
    expect(r.summary.mustProblems).toBe(1);
    expect(r.verifiedLevel).toBe(159);
    expect(r.firstFailure).toEqual({ clause: "fl160.authentication.jwt-fetch-api-key", level: 160, test: "jwt" });
    expect(exitOf(r)).toBe(1);
  });

  it("a blocked test (its prerequisite failed) stays a problem beside unverifiable ones: red, level below it", () => {
    const r = build([
      pass("a", "fl153.uploads.upload-quota"),
      jwt,
      meta({ id: "blk", clauses: ["fl257.server.realm-url"], status: "blocked", message: "prerequisite failed: create a channel\n[fl153…] …" }),
      meta({ id: "f", clauses: ["fl306.realm.plan-type-update-dict"], status: "fail", message: "want/got" }),
    ]);
    expect(r.summary.mustProblems).toBe(2);
    expect(r.verifiedLevel).toBe(256);
    expect(r.firstFailure?.test).toBe("blk");
    expect(exitOf(r)).toBe(1);
    expect(renderSummary(r)).toMatch(/Result: {3}NOT CONFORMING \(2 must-clause problems/);
  });

  it("tests the run left out cap the verified level below them, and make it partial", () => {
    const r = build([pass("a", "fl257.server.realm-url")], {
      notRun: [{ id: "x", clauses: ["fl174.messages.direct-type"], why: "not selected by the filter (suites/server/)" }],
    });
    expect(r.verifiedLevel).toBe(173);
    expect(r.partial).toEqual({ reasons: ["1 applicable test not selected by the filter (suites/server/)"], notRun: 1, unverifiedFrom: 174 });
    expect(exitOf(r)).toBe(0);
    const text = renderSummary(r);
    expect(text).toContain("conforms through FL 173; applicable tests from FL 174 were not run (partial run)");
    expect(text).toContain("Result:   PARTIAL RUN: NO PROBLEMS FOUND");
  });

  it("a partial run whose gaps start at the catalog's floor verifies no level, but says what its tests did verify", () => {
    const r = build(
      [
        pass("a", "fl257.server.realm-url"),
        meta({ id: "s", clauses: ["fl174.messages.direct-type"], status: "skipped", message: "changes the server, and the run is --read-only" }),
      ],
      {
        notRun: [{ id: "x", clauses: ["fl153.uploads.upload-quota"], why: "not selected by the filter (suites/server/)" }],
      },
    );
    expect(r.verifiedLevel).toBeNull();
    expect(r.partial?.unverifiedFrom).toBe(153);
    expect(r.partial?.reasons).toContain("1 test skipped: changes the server, and the run is --read-only");
    expect(renderSummary(r)).toContain(
      "Verified: no level verified; applicable tests from FL 153 were not run (partial run); 1 clause verified passing in this partial run (FL 257–257)",
    );
  });

  it("the first failure is the first failing must-clause: a test it blocked points at it, and does not take its place", () => {
    // A property test at FL 153 blocked by a prerequisite (fl174.messages.direct-type) that also fails on its own test:
    // sorted by id the blocked test comes first, yet the first failure is the failing clause in its own test.
    const r = build([
      meta({
        id: "a-property",
        clauses: ["fl153.messages.access-private-channel"],
        status: "blocked",
        failedClause: "fl174.messages.direct-type",
        message: "prerequisite failed: send a direct message\n[fl174.messages.direct-type] spec: …",
      }),
      meta({ id: "b-direct", clauses: ["fl174.messages.direct-type"], status: "fail", failedClause: "fl174.messages.direct-type" }),
      pass("ok", "fl257.server.realm-url"),
    ]);
    expect(r.firstFailure).toEqual({ clause: "fl174.messages.direct-type", level: 174, test: "b-direct" });
    expect(r.verifiedLevel).toBe(173);
    expect(r.tests.find((t) => t.id === "a-property")?.failedClause).toBe("fl174.messages.direct-type");
    expect(renderSummary(r)).toContain("first failure at FL 174: fl174.messages.direct-type");
    // Alone, the blocked test still names the clause whose step failed, at that clause's level.
    const alone = build([
      meta({ id: "a-property", clauses: ["fl153.messages.access-private-channel"], status: "blocked", failedClause: "fl174.messages.direct-type" }),
      pass("ok", "fl257.server.realm-url"),
    ]);
    expect(alone.firstFailure).toEqual({ clause: "fl174.messages.direct-type", level: 174, test: "a-property" });
  });

  it("the verified level says how much of the target's level it covers, in results.json and the summary", () => {
    const cov = { ...coverage, tested: 4, testable: 8 };
    const r = ResultsSchema.parse(
      buildResults({
        target,
        faults: [],
        startedAt: new Date(0),
        durationMs: 5,
        coverage: cov,
        toolVersion: "0",
        eventCoverage: [],
        notRun: [],
        tests: [
          pass("a", "fl153.uploads.upload-quota"),
          pass("b", "fl174.messages.direct-type"),
          // Above the verified level: passing, but not covered by "conforms through FL 256".
          pass("c", "fl306.realm.plan-type-update-dict"),
          meta({ id: "f", clauses: ["fl257.server.realm-url"], status: "fail" }),
        ],
      }),
    );
    expect(r.verifiedLevel).toBe(256);
    expect(r.verifiedShare).toEqual({ verified: 2, applicable: 8 });
    expect(renderSummary(r)).toContain("Verified: conforms through FL 256 — 25% of applicable clauses verified (2 of 8); first failure at FL 257");
    // No verified level, no share.
    expect(build([meta({ id: "f", clauses: ["fl153.uploads.upload-quota"], status: "fail" })]).verifiedShare).toBeUndefined();
  });

  it("a failing property's case has fields of its own, and the summary prints it under the problem", () => {
    const property = { counterexample: '[{"to":"x"}]', seed: -42, path: "3:1", runs: 7 };
    const r = build([
      meta({
        id: "p",
        clauses: ["fl153.messages.access-private-channel"],
        status: "fail",
        message: "[fl153.messages.access-private-channel] spec: …",
        property,
      }),
    ]);
    expect(r.tests[0]!.property).toEqual(property);
    expect(renderSummary(r)).toContain('counterexample: [{"to":"x"}] (seed -42, path 3:1, after 7 runs; replay: run --seed=-42, or CC_SEED=-42 for npm test)');
  });

  it("tests left out of a clause cited below the catalog's floor are said to start at the floor", () => {
    const r = build([pass("a", "fl257.server.realm-url")], {
      notRun: [{ id: "x", clauses: ["fl111.channels.subscription-properties-ignored-parameters"], why: "not selected by the filter (suites/server/)" }],
    });
    expect(r.partial?.unverifiedFrom).toBe(111);
    expect(renderSummary(r)).toContain("Verified: no level verified; applicable tests from FL 153 were not run (partial run)");
  });

  it("a run in which nothing passed verifies nothing, rather than 'conforms through FL 152'", () => {
    const failedFirst = build([meta({ id: "f", clauses: ["fl153.uploads.upload-quota"], status: "fail" })]);
    expect(failedFirst.verifiedLevel).toBeNull();
    expect(renderSummary(failedFirst)).not.toContain("FL 152");
    const onlyUnverifiable = build([jwt]);
    expect(onlyUnverifiable.verifiedLevel).toBeNull();
    expect(renderSummary(onlyUnverifiable)).toMatch(/Verified: nothing verified/);
    expect(renderSummary(onlyUnverifiable)).toMatch(/Result: {3}NOTHING VERIFIED/);
  });
});
