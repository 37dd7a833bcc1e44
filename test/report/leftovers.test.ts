import { describe, expect, it } from "vitest";
import { catalog } from "../../src/catalog/catalog.ts";
import { buildResults } from "../../src/results/build.ts";
import { renderHtml } from "../../src/report/html.ts";
import { ResultsSchema } from "../../src/results/schema.ts";
import { renderSummary } from "../../src/report/summary.ts";
import type { TargetInfo } from "../../src/target/target.ts";
import { results, tr } from "./fixtures.ts";

/** What tests made and could not remove: on each test, listed at the top of the document, one line in the summary. */

const target: TargetInfo = { kind: "url", url: "http://127.0.0.1:9991", featureLevel: 372, product: "chat", personas: {}, runId: "cc1", notes: [] };
const clause = catalog().clauses.find((c) => c.level <= 372 && c.until === undefined)!;

describe("leftovers", () => {
  it("buildResults lists each test's leftovers at the top, naming the test", () => {
    const meta = (id: string, leftovers?: string[]) => ({
      id,
      title: id,
      file: "suites/x.test.ts",
      clauses: [clause.id],
      status: "pass" as const,
      exchanges: [],
      durationMs: 1,
      ...(leftovers ? { leftovers } : {}),
    });
    const doc = buildResults({
      target,
      faults: [],
      startedAt: new Date(0),
      durationMs: 1,
      tests: [meta("a#one", ["channel c1: HTTP 400 refused"]), meta("b#two")],
      coverage: { tested: 0, testable: 0, untestable: 0, byArea: {}, byRelease: {}, untestedIds: [] },
      toolVersion: "0",
      eventCoverage: [],
      notRun: [],
    });
    expect(ResultsSchema.parse(doc).leftovers).toEqual([{ test: "a#one", what: "channel c1: HTTP 400 refused" }]);
    expect(doc.tests.find((t) => t.id === "a#one")?.leftovers).toEqual(["channel c1: HTTP 400 refused"]);
    expect(doc.tests.find((t) => t.id === "b#two")).not.toHaveProperty("leftovers");
  });

  it("the summary says so in one line, and only when there are any", () => {
    const tests = [tr({ id: "a#one", status: "pass" })];
    expect(renderSummary(results(tests, { leftovers: [] }))).not.toContain("Leftovers");
    const summary = renderSummary(
      results(tests, {
        leftovers: [
          { test: "a#one", what: "group g1: HTTP 400 in use" },
          { test: "a#one", what: "user 7: timeout" },
        ],
      }),
    );
    const lines = summary.split("\n").filter((l) => l.includes("Leftovers"));
    expect(lines).toEqual([expect.stringContaining("Leftovers: 2 things the tests made could not be removed")]);
    expect(lines[0]).toContain("group g1: HTTP 400 in use [a#one]");
  });

  it("the HTML report lists them, escaped", () => {
    const html = renderHtml(results([tr({ id: "a#one", status: "pass" })], { leftovers: [{ test: "a#one", what: "channel <b>x</b>: refused" }] }));
    expect(html).toContain("1 thing the tests made could not be removed from the server");
    expect(html).toContain("channel &lt;b&gt;x&lt;/b&gt;: refused");
  });
});
