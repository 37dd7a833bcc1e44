import { describe, expect, it } from "vitest";
import { describeExchange, toCurl, type Exchange } from "../../src/client/exchange.ts";
import { BlockedError, ConformanceFailure, formatFailure } from "../../src/expect/failure.ts";
import { applyExpectations } from "../../src/results/expectations.ts";
import { FailureSchema } from "../../src/results/schema.ts";
import type { TestMeta } from "../../src/results/test-records.ts";

// The failures come from the producer itself, so that a change to the failure's fields or text fails here.
const clause = { id: "fl153.server.missing-parameter", says: "A request that lacks a required parameter gets HTTP 400 with code REQUEST_VARIABLE_MISSING." };
const ex: Exchange = {
  method: "POST",
  url: "http://127.0.0.1:9991/api/v1/messages",
  requestHeaders: { authorization: "Basic <member@lab.example:API_KEY>" },
  requestBody: "type=private&to=%5B11%5D",
  status: 400,
  responseBody: '{"result":"error",\n"msg":"Missing \'content\' argument"}',
};

describe("a failure in fields of its own", () => {
  it("has each part of the one failure format that its message holds as text, a multi-line body included", () => {
    const f = new ConformanceFailure(clause, "HTTP 400 with code REQUEST_VARIABLE_MISSING", 'code "BAD_REQUEST" (string)', ex, "code");
    expect(f.message).toBe(formatFailure(clause, "HTTP 400 with code REQUEST_VARIABLE_MISSING", 'code "BAD_REQUEST" (string)', ex, "code"));
    expect(FailureSchema.parse(f.failure)).toEqual({
      clause: clause.id,
      says: clause.says,
      want: "HTTP 400 with code REQUEST_VARIABLE_MISSING",
      at: "code",
      got: 'code "BAD_REQUEST" (string)',
      exchange: { method: "POST", url: ex.url, status: 400, text: describeExchange(ex) },
      curl: toCurl(ex),
    });
    expect(f.message).toContain(toCurl(ex));
  });

  it("without an exchange, has neither exchange nor curl line; an exchange that got no answer has no status", () => {
    expect(new ConformanceFailure(clause, "200", "500 (number)", undefined).failure).toEqual({
      clause: clause.id,
      says: clause.says,
      want: "200",
      got: "500 (number)",
    });
    const lost = new ConformanceFailure(clause, "200", "no answer", { ...ex, status: undefined, error: "ECONNRESET" }).failure;
    expect(lost.exchange).toMatchObject({ method: "POST", url: ex.url });
    expect(lost.exchange).not.toHaveProperty("status");
  });

  it("a blocked step's failure and an expected failure carry what leads their message", () => {
    const step = new ConformanceFailure(clause, "200", "500 (number)", ex);
    const blocked = new BlockedError(`prerequisite failed: create the channel\n${step.message}`, clause.id, {
      lead: "prerequisite failed: create the channel",
      ...step.failure,
    });
    expect(blocked.failure).toMatchObject({ lead: "prerequisite failed: create the channel", clause: clause.id, want: "200" });
    const meta: TestMeta = {
      id: "t",
      title: "t",
      file: "suites/x.test.ts",
      clauses: [clause.id],
      status: "fail",
      message: step.message,
      failure: step.failure,
      exchanges: [],
      durationMs: 1,
    };
    const [listed] = applyExpectations([meta], { expectedFail: { [clause.id]: "known bug 12" } });
    expect(listed).toMatchObject({ status: "expected-fail", failure: { lead: `expected to fail (${clause.id}): known bug 12`, got: "500 (number)" } });
    expect(listed!.message!.split("\n")[0]).toBe(listed!.failure!.lead);
  });
});
