import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import type { ApiResponse } from "../client/client.ts";
import type { Exchange } from "../client/exchange.ts";
import { ErrorEnvelope, SuccessEnvelope } from "../schemas/envelope.ts";
import { ConformanceFailure, show } from "./failure.ts";

/**
 * Assertions bound to a test's clause: each failure names the clause and the spec's words, says what was
 * wanted and what came, and carries the exchange that showed it (the last one when none is given).
 */
export class Expectations {
  constructor(
    private readonly clause: { id: string; says: string },
    private readonly lastExchange: () => Exchange | undefined,
  ) {}

  fail(expected: string, got: string, ex?: Exchange, at?: string): never {
    throw new ConformanceFailure(this.clause, expected, got, ex ?? this.lastExchange(), at);
  }

  /** HTTP 200 with the success envelope; returns the body. */
  success(res: ApiResponse, what = "a success response"): Record<string, unknown> {
    if (res.status !== 200 || res.json?.result !== "success") {
      this.fail(`${what}: HTTP 200 with result "success"`, `HTTP ${res.status} ${res.json ? show(res.json) : show(res.text.slice(0, 200))}`, res.exchange);
    }
    this.schema(SuccessEnvelope, res.json, res.exchange, "the success envelope");
    return res.json!;
  }

  /** An error envelope with one of the statuses and one of the codes; returns the body. */
  error(res: ApiResponse, status: number | readonly number[], code: string | readonly string[]): Record<string, unknown> {
    const statuses = typeof status === "number" ? [status] : status;
    const codes = typeof code === "string" ? [code] : code;
    const want = `HTTP ${statuses.join(" or ")} with result "error" and code ${codes.join(" or ")}`;
    if (!statuses.includes(res.status)) this.fail(want, `HTTP ${res.status} ${res.json ? show(res.json) : show(res.text.slice(0, 200))}`, res.exchange);
    const body = this.schema(ErrorEnvelope, res.json, res.exchange, "the error envelope");
    if (!codes.includes(body.code)) this.fail(want, `code ${show(body.code)}`, res.exchange, "code");
    return body;
  }

  /** Validates against a zod schema; the first issue names its path. */
  schema<S extends z.ZodType>(schema: S, value: unknown, ex?: Exchange, label = "the response"): z.infer<S> {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    const issue = r.error.issues[0]!;
    const path = issue.path.length ? issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("") : "(root)";
    let got: unknown = value;
    for (const p of issue.path) got = got !== null && typeof got === "object" ? (got as Record<PropertyKey, unknown>)[p] : undefined;
    this.fail(`${label} to match its schema: ${issue.message}`, show(got), ex, path);
  }

  equal<T>(actual: T, expected: T, what: string, ex?: Exchange): void {
    if (!isDeepStrictEqual(actual, expected)) this.fail(`${what} = ${show(expected)}`, show(actual), ex);
  }

  ok(condition: boolean, expected: string, got: unknown, ex?: Exchange): void {
    if (!condition) this.fail(expected, show(got), ex);
  }

  /** `key` is present in `obj` (absent and null are different things). */
  present(obj: Record<string, unknown>, key: string, ex?: Exchange): unknown {
    if (!Object.hasOwn(obj, key)) this.fail(`field ${key} to be present`, "absent", ex, key);
    return obj[key];
  }

  absent(obj: Record<string, unknown>, key: string, ex?: Exchange): void {
    if (Object.hasOwn(obj, key)) this.fail(`field ${key} to be absent`, show(obj[key]), ex, key);
  }
}
