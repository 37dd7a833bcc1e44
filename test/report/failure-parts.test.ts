import { describe, expect, it } from "vitest";
import { toCurl, type Exchange } from "../../src/client/exchange.ts";
import { formatFailure } from "../../src/expect/failure.ts";
import { failureParts } from "../../src/report/failure-parts.ts";

// The messages come from the producer itself, so that a change to the failure format fails here, not in a report.
const clause = { id: "fl153.server.missing-parameter", says: "A request that lacks a required parameter gets HTTP 400 with code REQUEST_VARIABLE_MISSING." };
const ex: Exchange = {
  method: "POST",
  url: "http://127.0.0.1:9991/api/v1/messages",
  requestHeaders: { authorization: "Basic <member@lab.example:API_KEY>" },
  requestBody: "type=private&to=%5B11%5D",
  status: 400,
  responseBody: '{"result":"error",\n"msg":"Missing \'content\' argument"}',
};

describe("failureParts", () => {
  it("reads each part of the one failure format back, a multi-line body included", () => {
    const p = failureParts(formatFailure(clause, "HTTP 400 with code REQUEST_VARIABLE_MISSING", 'code "BAD_REQUEST" (string)', ex, "code"));
    expect(p).toEqual({
      lead: "",
      clause: clause.id,
      says: clause.says,
      want: "HTTP 400 with code REQUEST_VARIABLE_MISSING at code",
      got: 'code "BAD_REQUEST" (string)',
      exchange: {
        text: `> POST ${ex.url}\n> type=private&to=%5B11%5D\n< 400 {"result":"error",\n"msg":"Missing 'content' argument"}`,
        method: "POST",
        url: ex.url,
        status: 400,
      },
      curl: toCurl(ex),
    });
  });

  it("keeps what comes before the clause (a blocked test's prerequisite, an expectation's reason) as the lead", () => {
    const blocked = failureParts(`prerequisite failed: create the channel\n${formatFailure(clause, "200", "500 (number)", undefined)}`);
    expect(blocked).toMatchObject({ lead: "prerequisite failed: create the channel", want: "200", got: "500 (number)" });
    expect(blocked?.exchange).toBeUndefined();
    expect(blocked?.curl).toBeUndefined();
    const expected = failureParts(
      `expected to fail (${clause.id}): known bug 12\n${formatFailure(clause, "200", "500 (number)", { ...ex, status: undefined, error: "ECONNRESET" })}`,
    );
    expect(expected).toMatchObject({ lead: `expected to fail (${clause.id}): known bug 12`, exchange: { method: "POST", url: ex.url } });
    expect(expected?.exchange?.status).toBeUndefined();
  });

  it("gives up on a message that is not one failure, so the report shows it as it is", () => {
    expect(failureParts(undefined)).toBeUndefined();
    expect(failureParts("TypeError: boom\n    at x.ts:1:1")).toBeUndefined();
    expect(failureParts(`[${clause.id}] spec: says, but nothing follows`)).toBeUndefined();
    const withoutCurl = formatFailure(clause, "a", "b", ex).replace(/\n {2}reproduce: .*$/s, "");
    expect(failureParts(`${withoutCurl}\nand then a stack trace`)).toBeUndefined();
  });
});
