import { describe, expect, it } from "vitest";
import type { TestMeta } from "../../src/expect/meta.ts";
import { buildResults } from "../../src/report/build.ts";
import { ResultsSchema } from "../../src/report/schema.ts";
import type { TargetInfo } from "../../src/target/target.ts";

const target: TargetInfo = { kind: "reference", url: "http://127.0.0.1:9991", featureLevel: 372, product: "chat", personas: {}, runId: "r", notes: [] };
const coverage = { tested: 0, testable: 0, untestable: 0, byArea: {}, byRelease: {}, untestedIds: [] };
const meta = (m: Partial<TestMeta> & Pick<TestMeta, "id" | "clauses" | "status">): TestMeta => ({ title: m.id, file: "suites/x.test.ts", exchanges: [], durationMs: 1, ...m });
const build = (tests: TestMeta[]) => ResultsSchema.parse(buildResults({ target, faults: [], startedAt: new Date(0), durationMs: 5, tests, coverage, toolVersion: "0" }));

describe("buildResults", () => {
  it("places a failure at the level of the clause that failed, not at the test's first clause", () => {
    const r = build([
      meta({ id: "property", clauses: ["fl153.messages.access-private-channel", "fl354.messages.content-access-single"], status: "fail", failedClause: "fl354.messages.content-access-single" }),
      meta({ id: "ok", clauses: ["fl174.messages.direct-type"], status: "pass" }),
    ]);
    expect(r.firstFailure).toEqual({ clause: "fl354.messages.content-access-single", level: 354, test: "property" });
    expect(r.verifiedLevel).toBe(353);
    expect(r.tests.find((t) => t.id === "property")?.failedClause).toBe("fl354.messages.content-access-single");
  });

  it("without a named failed clause, the test's first clause places it; a clean run verifies the target's level", () => {
    expect(build([meta({ id: "a", clauses: ["fl174.messages.direct-type"], status: "error" })]).firstFailure).toEqual({ clause: "fl174.messages.direct-type", level: 174, test: "a" });
    const clean = build([meta({ id: "b", clauses: ["fl174.messages.direct-type"], status: "pass" })]);
    expect([clean.verifiedLevel, clean.firstFailure]).toEqual([372, null]);
  });
});
