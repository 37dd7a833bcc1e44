import type { Exchange } from "../client/exchange.ts";
import type { Outcome, TestMeta } from "../results/test-records.ts";
import type { Descriptor } from "./descriptor.ts";

declare module "@vitest/runner" {
  interface TaskMeta {
    conformance?: TestMeta;
  }
}

const MAX_EXCHANGES = 12;
const MAX_BODY = 4000;

function trimExchange(ex: Exchange): Exchange {
  const clip = (s: string | undefined) => (s !== undefined && s.length > MAX_BODY ? `${s.slice(0, MAX_BODY)}… (${s.length} chars)` : s);
  const out: Exchange = { ...ex };
  const req = clip(ex.requestBody);
  const res = clip(ex.responseBody);
  if (req !== undefined) out.requestBody = req;
  if (res !== undefined) out.responseBody = res;
  return out;
}

/** The worker's record of a test's outcome: the descriptor's fields, then the outcome's, with its exchanges cut. */
export function toTestMeta(d: Descriptor, o: Outcome): TestMeta {
  return { id: d.id, title: d.title, file: d.file, clauses: d.clauses, ...o, exchanges: o.exchanges.slice(-MAX_EXCHANGES).map(trimExchange) };
}
