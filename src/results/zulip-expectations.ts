import { LAST_LEVEL } from "../../facts/levels.ts";
import type { ExpectedFailures } from "./expectations.ts";
import { zulipExpectedFailures } from "../product/zulip-differences.ts";

/**
 * The expectations file (`run --expectations`) of a Zulip server at `level`: the rows of the differences table
 * that hold there. At FL372 it is fixtures/expectations/zulip-10.2.json.
 */
export function zulipExpectations(level: number): ExpectedFailures {
  return {
    $comment: `How a Zulip server at FL${level} differs from the spec where the suite follows the spec: generated from src/product/zulip-differences.ts. Use: chat-conformance run --target URL --personas FILE --expectations zulip-10.2`,
    expectedFail: zulipExpectedFailures(level),
  };
}

/** The text of fixtures/expectations/zulip-10.2.json. */
export const zulipExpectationsFile = (): string => `${JSON.stringify(zulipExpectations(LAST_LEVEL), null, 2)}\n`;
