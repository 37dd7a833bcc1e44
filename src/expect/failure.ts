import { describeExchange, toCurl, type Exchange } from "../client/exchange.ts";

/** The server did not do what the clause requires. */
export class ConformanceFailure extends Error {
  override name = "ConformanceFailure";
  constructor(
    readonly clause: { id: string; says: string },
    readonly expected: string,
    readonly got: string,
    readonly exchange: Exchange | undefined,
    readonly at?: string,
  ) {
    super(formatFailure(clause, expected, got, exchange, at));
  }
}

/** A prerequisite of the test failed (setup, not the behaviour under test): the test is blocked. */
export class BlockedError extends Error {
  override name = "BlockedError";
}

/** The harness itself is wrong (a bad test, a gating mistake): never the server's fault. */
export class HarnessError extends Error {
  override name = "HarnessError";
}

/** The one failure format: [clause] spec · got/want at path · exchange · curl. */
export function formatFailure(clause: { id: string; says: string }, expected: string, got: string, ex: Exchange | undefined, at?: string): string {
  const lines = [`[${clause.id}] spec: ${clause.says}`, `  want: ${expected}${at ? ` at ${at}` : ""}`, `  got:  ${got}`];
  if (ex) {
    lines.push("  exchange:", ...describeExchange(ex).split("\n").map((l) => `    ${l}`));
    lines.push(`  reproduce: ${toCurl(ex)}`);
  }
  return lines.join("\n");
}

/** A short, typed rendering of a value for "got X (type)". */
export function show(v: unknown): string {
  if (v === undefined) return "absent";
  const type = v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
  let text = JSON.stringify(v) ?? String(v);
  if (text.length > 300) text = `${text.slice(0, 300)}…`;
  return `${text} (${type})`;
}
