import type { z } from "zod";
import { catalog } from "../catalog/catalog.ts";
import type { ClientBook } from "./clients.ts";
import type { RequestWarning } from "./probes.ts";
import type { Violation } from "./findings.ts";
import type { RequestParams } from "../client/observed-params.ts";

/**
 * What every check of one exchange reads: the request and the answer in the spec's names (a `zulip` target's
 * answer is renamed through facts/names.ts first), the target's level, and the clients' capabilities.
 */
export interface CheckContext {
  level: number;
  product: "chat" | "zulip";
  /** The spec's method and path under /api/v1, without the query ("/messages/12"). */
  method: string;
  path: string;
  params: RequestParams;
  status: number;
  contentType: string | undefined;
  /** The parsed answer in the spec's names; undefined when it is not JSON or was not copied. */
  json: unknown;
  book: ClientBook;
  who: string;
  /** The parameters the endpoint takes at this level, from the API description; undefined when it has no such operation. */
  known: ReadonlySet<string> | undefined;
  /**
   * Whether the clause holds at the target's level, marking it as checked (the report lists clauses checked
   * without a violation as passing). Clauses outside the catalog always apply.
   */
  applies(clause: string): boolean;
  report(v: Violation): void;
  /**
   * Whether a request warning is the suite's own test probing a level's edge (probes.ts): then the caller reports
   * nothing, and it is counted.
   */
  probe(w: RequestWarning): boolean;
}

export function clauseApplies(id: string, level: number): boolean {
  const c = catalog().clause(id);
  return c === undefined || catalog().appliesAt(c, level);
}

/** The first problem zod finds, as where and what; undefined when the value fits. */
export function schemaProblem(schema: z.ZodType, value: unknown, base = "$"): { at: string; got: string } | undefined {
  const r = schema.safeParse(value);
  if (r.success) return undefined;
  const issue = r.error.issues[0]!;
  const at = issue.path.reduce<string>((p, k) => (typeof k === "number" ? `${p}[${k}]` : `${p}.${String(k)}`), base);
  return { at, got: `${issue.message}${valueAt(value, issue.path) !== undefined ? `: ${short(valueAt(value, issue.path))}` : ""}` };
}

function valueAt(v: unknown, path: readonly PropertyKey[]): unknown {
  let cur = v;
  for (const k of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur;
}

/** A value in at most 120 characters, with its type, for "got". */
export function short(v: unknown): string {
  if (v === undefined) return "absent";
  const type = v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
  let text = JSON.stringify(v) ?? String(v);
  if (text.length > 120) text = `${text.slice(0, 120)}…`;
  return `${text} (${type})`;
}

export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
