import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalog } from "../../src/catalog/catalog.ts";
import { collectTests } from "../../src/expect/collect.ts";
import type { TestMeta } from "../../src/results/test-records.ts";
import { readExpectations } from "../../src/cli/expectations-file.ts";
import { applyExpectations } from "../../src/results/expectations.ts";
import { zulipExpectationsFile } from "../../src/results/zulip-expectations.ts";
import { readFileSync } from "node:fs";

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

  it("count a listed test that is blocked as failing as listed, and leave other statuses alone", () => {
    const e = { expectedFail: { "fl153.server.unknown-route": "HTML 404" } };
    const [blocked, na, error] = applyExpectations([meta({ status: "blocked" }), meta({ status: "n/a" }), meta({ status: "error" })], e);
    expect(blocked!.status).toBe("expected-fail");
    expect(na!.status).toBe("n/a");
    expect(error!.status).toBe("error");
  });

  it("the bundled zulip-10.2 file is what the differences table gives at FL372, and `--expectations zulip-10.2` reads it", () => {
    const committed = readFileSync(new URL("../../fixtures/expectations/zulip-10.2.json", import.meta.url), "utf8");
    // Regenerate with `npx tsx scripts/write-zulip-expectations.ts` after changing src/product/zulip-differences.ts.
    expect(committed).toBe(zulipExpectationsFile());
    expect(readExpectations("zulip-10.2")).toEqual(JSON.parse(committed));
    expect(() => readExpectations("zulip-9.0")).toThrow("no bundled expectations of that name: zulip-10.2");
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
