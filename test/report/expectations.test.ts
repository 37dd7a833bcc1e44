import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalog } from "../../src/catalog/catalog.ts";
import { collectTests } from "../../src/expect/collect.ts";
import type { TestMeta } from "../../src/results/test-records.ts";
import { readExpectations } from "../../src/cli/expectations-file.ts";
import { applyExpectations } from "../../src/results/expectations.ts";

const meta = (over: Partial<TestMeta>): TestMeta => ({
  id: "fl1.x.y#t",
  title: "t",
  file: "f",
  clauses: ["fl153.server.unknown-route"],
  status: "fail",
  exchanges: [],
  durationMs: 1,
  ...over,
});

describe("expectations files", () => {
  it("turn a listed failure into expected-fail and a listed pass into unexpected-pass", () => {
    const e = { expectedFail: { "fl153.server.unknown-route": "HTML 404" } };
    const [failed, passed, other] = applyExpectations([meta({}), meta({ status: "pass" }), meta({ clauses: ["fl999.a.b"] })], e);
    expect(failed!.status).toBe("expected-fail");
    expect(failed!.message).toMatch(/^expected to fail \(fl153\.server\.unknown-route\): HTML 404/);
    expect(passed!.status).toBe("unexpected-pass");
    expect(other!.status).toBe("fail");
  });

  it("every shipped profile names existing clauses or tests, each with a reason", async () => {
    const dir = new URL("../../fixtures/expectations/", import.meta.url).pathname;
    const tests = new Set((await collectTests()).map((t) => t.id));
    for (const f of readdirSync(dir)) {
      const e = readExpectations(dir + f);
      for (const key of Object.keys(e.expectedFail)) expect(catalog().clause(key) !== undefined || tests.has(key), `${f}: ${key}`).toBe(true);
    }
  });

  it("a bad file names the file and the problem", () => {
    expect(() => readExpectations("/no/such/file.json")).toThrow("--expectations: no such file: /no/such/file.json");
  });
});
