import { ZULIP_OPERATIONS, type ZulipOperation } from "./zulip-api.ts";

/**
 * Which operation of the API a request is, from Zulip's own description (facts/data/zulip-api.json), whose
 * operations, parameters and levels the spec shares (a `chat` target's method and path are first turned into the
 * real product's through facts/names.ts by the caller). Literal segments win over `{name}` ones, so
 * /users/me is not /users/{user_id}.
 */
interface Matcher {
  op: ZulipOperation;
  re: RegExp;
  /** Path parameters: never in the query or body. */
  pathParams: Set<string>;
  literals: number;
}

let matchers: Matcher[] | undefined;

/**
 * A `{email}` segment holds an email address (percent-encoded or not): PATCH /users/12 is the update by id, not
 * PATCH /users/{email}, which a later level added beside it.
 */
const EMAIL_SEGMENT = "[^/]*(?:@|%40)[^/]*";

function build(): Matcher[] {
  return ZULIP_OPERATIONS.map((op) => {
    const segments = op.path.split("/").filter(Boolean);
    const re = new RegExp(
      `^/${segments.map((s) => (s === "{email}" ? EMAIL_SEGMENT : /^\{\w+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}$`,
    );
    const pathParams = new Set(segments.filter((s) => /^\{\w+\}$/.test(s)).map((s) => s.slice(1, -1)));
    return { op, re, pathParams, literals: segments.length - pathParams.size };
  }).sort((a, b) => b.literals - a.literals);
}

/** The operation for a method and a path under /api/v1 (real names), or undefined when the description has none. */
export function operationOf(method: string, path: string): { op: ZulipOperation; pathParams: Set<string> } | undefined {
  matchers ??= build();
  const m = matchers.find((x) => x.op.method === method && x.re.test(path));
  return m ? { op: m.op, pathParams: m.pathParams } : undefined;
}
