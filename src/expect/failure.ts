import { describeExchange, toCurl, type Exchange } from "../client/exchange.ts";
import type { Failure, PropertyCase } from "../results/schema.ts";

/** The server did not do what the clause requires. */
export class ConformanceFailure extends Error {
  override name = "ConformanceFailure";
  /** The failure in fields of its own (results.json's `failure`); the message is their text. */
  readonly failure: Failure;
  constructor(
    readonly clause: { id: string; says: string },
    readonly expected: string,
    readonly got: string,
    readonly exchange: Exchange | undefined,
    readonly at?: string,
  ) {
    super(formatFailure(clause, expected, got, exchange, at));
    this.failure = failureRecord(clause, expected, got, exchange, at);
  }
}

/** The one failure format's parts in fields of their own: what formatFailure writes as text. */
export function failureRecord(clause: { id: string; says: string }, want: string, got: string, ex: Exchange | undefined, at: string | undefined): Failure {
  return {
    clause: clause.id,
    says: clause.says,
    want,
    ...(at ? { at } : {}),
    got,
    ...(ex
      ? {
          exchange: { method: ex.method, url: ex.url, ...(ex.status !== undefined ? { status: ex.status } : {}), text: describeExchange(ex) },
          curl: toCurl(ex),
        }
      : {}),
  };
}

/**
 * A prerequisite of the test failed (setup, not the behaviour under test): the test is blocked. It stays tied to
 * that failure and counts as a problem, since the target did something wrong on the way. Only t.given / t.must
 * raise it; a test that cannot even be set up on this target is Unverifiable instead.
 */
export class BlockedError extends Error {
  override name = "BlockedError";
  /**
   * The clause whose step failed (the prerequisite's ConformanceFailure, through t.given / t.must): the blocked test
   * points at it, so that a report's first failure is that clause, not the test it happened to block.
   */
  readonly failedClause: string | undefined;
  /** The step's failure in fields of its own, led by the step (results.json's `failure`), when a check failed. */
  readonly failure: Failure | undefined;
  constructor(message: string, failedClause?: string, failure?: Failure) {
    super(message);
    this.failedClause = failedClause;
    this.failure = failure;
  }
}

const PROPERTY_CASE = Symbol("propertyCase");

/** The error a failing property threw, carrying its case (whatever its kind: failure, blocked, harness error). */
export function withPropertyCase<E extends Error>(e: E, c: PropertyCase): E {
  return Object.assign(e, { [PROPERTY_CASE]: c });
}

export function propertyCaseOf(e: unknown): PropertyCase | undefined {
  return e instanceof Error ? (e as Error & { [PROPERTY_CASE]?: PropertyCase })[PROPERTY_CASE] : undefined;
}

/** Why a test cannot run on this target, and exactly what would make it runnable. */
export interface UnverifiableWhy {
  /** What is missing, in the target's or the harness's terms ("the target declares no JWT key"). */
  reason: string;
  /**
   * What the user can give so that it runs: a personas-file field (`serverConfig.jwtKey`), an option
   * (`--harness-host HOST`), a persona role. Written as an instruction.
   */
  remedy: string;
}

/**
 * The harness cannot run the test on this target: it needs something the run was not given (the reference
 * control, a push bouncer, a JWT key, an address the target reaches the harness at, a persona, a server setting).
 * Nothing is known about the server either way, so it is neither a failure nor blocked: the test is reported as
 * not verifiable here, with its remedy, and only `strict` counts it as a problem.
 */
export class UnverifiableError extends Error {
  override name = "UnverifiableError";
  readonly reason: string;
  readonly remedy: string;
  constructor(why: UnverifiableWhy) {
    super(`${why.reason}; to verify it: ${why.remedy}`);
    this.reason = why.reason;
    this.remedy = why.remedy;
  }
}

/**
 * What the test observes does not exist at the target's level, which only a response shows (an endpoint of Zulip's
 * API that the spec's catalog does not date): reported n/a with the reason, like a test gated by its clause.
 */
export class NotApplicableError extends Error {
  override name = "NotApplicableError";
}

/** The harness itself is wrong (a bad test, a gating mistake): never the server's fault. */
export class HarnessError extends Error {
  override name = "HarnessError";
}

/** The one failure format: [clause] spec · got/want at path · exchange · curl. */
export function formatFailure(clause: { id: string; says: string }, expected: string, got: string, ex: Exchange | undefined, at?: string): string {
  const lines = [`[${clause.id}] spec: ${clause.says}`, `  want: ${expected}${at ? ` at ${at}` : ""}`, `  got:  ${got}`];
  if (ex) {
    lines.push(
      "  exchange:",
      ...describeExchange(ex)
        .split("\n")
        .map((l) => `    ${l}`),
    );
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
