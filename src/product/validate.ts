import { variantTypeOp, existsAt, ZULIP_EVENT_VARIANTS, type JsonType, type ZulipSchema } from "./zulip-api.ts";

/**
 * Checks a value against a schema of Zulip's description (src/product/zulip-api.ts) as a Zulip server at one feature
 * level would send it. Pure: returns every problem, throws none.
 *
 * Level: a property, variant or event whose `since` is above the level, or whose `until` is at or below it, does
 * not exist there: it is not required, and a value that has it has an extra key.
 *
 * Closed objects: an object is closed (an unlisted key is an extra key) when its schema says
 * `additionalProperties: false`, and also when it lists properties and says nothing about other keys. Zulip's
 * description leaves `additionalProperties: false` out of most nested objects although its own event checkers
 * forbid undeclared fields, and a key Zulip does not document is what this check is for. An object is open when
 * its schema says `additionalProperties: true`, or gives a schema that the other keys' values must match, or lists
 * no properties at all.
 *
 * oneOf/anyOf: the value passes when one variant that exists at the level passes; otherwise the problems are those
 * of the closest variant (the fewest problems, the first on a tie).
 */

/** `missing-key`: a key the schema lists at the level, required or not, that the value lacks (missingKeys only). */
export type ProblemKind = "missing-required" | "extra-key" | "wrong-type" | "not-in-enum" | "missing-key";

export interface Problem {
  /**
   * Where, from the path the check started at: `.name` for a key the schema lists or an extra key (`["name"]` when
   * it is no identifier), `[1]` for an array element, `["12"]` for an entry of a map (an object whose other keys
   * follow an `additionalProperties` schema): `$.presences["12"].website`, `$.realm_users[3].is_billing_admin`.
   */
  path: string;
  kind: ProblemKind;
  expected: string;
  got: string;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
export const childPath = (path: string, key: string): string => (IDENT.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);
const entryPath = (path: string, key: string): string => `${path}[${JSON.stringify(key)}]`;

/**
 * A problem's path as the object it is in and its last step, with array indices as `[]` and map keys as `{}`:
 * `$.realm_users[3].is_billing_admin` → `{ object: "$.realm_users[]", key: "is_billing_admin" }`,
 * `$.presences["12"].website` → `{ object: "$.presences{}", key: "website" }`, `$.subscriptions[0]` →
 * `{ object: "$.subscriptions", key: "[]" }`; a last step `["x"]` gives the key `x`.
 */
export function splitPath(path: string): { object: string; key: string } {
  const steps = path.match(/\.[^.[]+|\[\d+\]|\["(?:[^"\\]|\\.)*"\]|^[^.[]+/g) ?? [path];
  const norm = (s: string): string => (/^\[\d+\]$/.test(s) ? "[]" : s.startsWith('["') ? "{}" : s);
  const last = steps.pop() ?? "";
  const key = last.startsWith(".") ? last.slice(1) : last.startsWith('["') ? (JSON.parse(last.slice(1, -1)) as string) : norm(last);
  return { object: steps.map(norm).join(""), key };
}

function typeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "object") return "object";
  return typeof value as JsonType;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const levelWords = (s: { since?: number; until?: number }): string =>
  [s.since !== undefined ? `from FL${s.since}` : "", s.until !== undefined ? `before FL${s.until}` : ""].filter(Boolean).join(" and ");

/** The types a schema allows: its own, else what its keywords imply, else none (anything goes). */
function allowedTypes(schema: ZulipSchema): JsonType[] | undefined {
  if (schema.type !== undefined) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties || schema.additionalProperties !== undefined) return ["object"];
  if (schema.items) return ["array"];
  return undefined;
}

function typeMatches(value: unknown, types: readonly JsonType[]): boolean {
  const t = typeOf(value);
  return types.includes(t) || (t === "integer" && types.includes("number"));
}

export function validateZulip(value: unknown, schema: ZulipSchema, level: number, path = "$"): Problem[] {
  const types = allowedTypes(schema);
  if (types && !typeMatches(value, types)) {
    return [{ path, kind: "wrong-type", expected: types.join(" | "), got: `${typeOf(value)} ${show(value)}` }];
  }
  const problems: Problem[] = [];
  if (schema.enum && !(value === null && types?.includes("null")) && !schema.enum.some((e) => e === value)) {
    problems.push({ path, kind: "not-in-enum", expected: schema.enum.map(show).join(" | "), got: show(value) });
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) problems.push(...validateVariants(value, variants, level, path, schemaWithoutVariants(schema)));
  else if (typeOf(value) === "object") problems.push(...validateObject(value as Record<string, unknown>, schema, level, path));
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => problems.push(...validateZulip(item, schema.items!, level, `${path}[${i}]`)));
  return problems;
}

function schemaWithoutVariants(schema: ZulipSchema): ZulipSchema | undefined {
  const { oneOf: _o, anyOf: _a, type: _t, enum: _e, items: _i, since: _s, until: _u, ...rest } = schema;
  return Object.keys(rest).length ? rest : undefined;
}

/**
 * The first variant that passes, else the closest one's problems. A schema that also lists its own properties
 * beside its variants has them merged into each variant, so that neither side's keys count as extra to the other.
 */
function validateVariants(value: unknown, variants: readonly ZulipSchema[], level: number, path: string, own: ZulipSchema | undefined): Problem[] {
  const present = variants.filter((v) => existsAt(v, level));
  if (!present.length) {
    return [{ path, kind: "wrong-type", expected: `a variant existing at FL${level} (${variants.map(levelWords).join("; ")})`, got: show(value) }];
  }
  let best: Problem[] | undefined;
  for (const v of present) {
    const p = validateZulip(value, own ? mergeObject(own, v) : v, level, path);
    if (!p.length) return [];
    if (!best || p.length < best.length) best = p;
  }
  return best ?? [];
}

function mergeObject(own: ZulipSchema, variant: ZulipSchema): ZulipSchema {
  return {
    ...variant,
    properties: { ...own.properties, ...variant.properties },
    required: [...new Set([...(own.required ?? []), ...(variant.required ?? [])])],
    ...(own.additionalProperties === false || variant.additionalProperties === false ? { additionalProperties: false } : {}),
  };
}

function validateObject(value: Record<string, unknown>, schema: ZulipSchema, level: number, path: string): Problem[] {
  const problems: Problem[] = [];
  const props = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    const prop = props[name];
    if (prop && !existsAt(prop, level)) continue;
    if (!(name in value))
      problems.push({ path: childPath(path, name), kind: "missing-required", expected: `required key${prop ? ` (${typeWords(prop)})` : ""}`, got: "absent" });
  }
  const extra = schema.additionalProperties;
  const closed = extra === false || (extra === undefined && Object.keys(props).length > 0);
  for (const [key, v] of Object.entries(value)) {
    const prop = Object.hasOwn(props, key) ? props[key] : undefined;
    if (prop) {
      if (!existsAt(prop, level))
        problems.push({ path: childPath(path, key), kind: "extra-key", expected: `absent at FL${level} (present ${levelWords(prop)})`, got: show(v) });
      else problems.push(...validateZulip(v, prop, level, childPath(path, key)));
    } else if (closed) problems.push({ path: childPath(path, key), kind: "extra-key", expected: "no such key", got: show(v) });
    else if (typeof extra === "object") problems.push(...validateZulip(v, extra, level, entryPath(path, key)));
  }
  return problems;
}

const typeWords = (s: ZulipSchema): string => allowedTypes(s)?.join(" | ") ?? ((s.oneOf ?? s.anyOf) ? "one of several shapes" : "any");

/**
 * One event of GET /events: the variants of its `type` (and `op`, for types whose variants name ops) that exist at
 * the level. An unknown type or op, or one that does not exist yet or any more, is a `not-in-enum` on that key.
 */
export function validateZulipEvent(event: unknown, level: number, path = "$"): Problem[] {
  if (typeOf(event) !== "object") return [{ path, kind: "wrong-type", expected: "object", got: `${typeOf(event)} ${show(event)}` }];
  const { type, op } = event as { type?: unknown; op?: unknown };
  const ofType = ZULIP_EVENT_VARIANTS.filter((v) => variantTypeOp(v).type.includes(String(type)));
  if (!ofType.length) {
    const known = [...new Set(ZULIP_EVENT_VARIANTS.flatMap((v) => variantTypeOp(v).type))].sort();
    return [{ path: childPath(path, "type"), kind: "not-in-enum", expected: `an event type of Zulip's description (${known.length} types)`, got: show(type) }];
  }
  const matching = ofType.filter((v) => {
    const ops = variantTypeOp(v).op;
    return ops === undefined || ops.includes(String(op));
  });
  if (!matching.length) {
    const ops = [...new Set(ofType.flatMap((v) => variantTypeOp(v).op ?? []))];
    return [{ path: childPath(path, "op"), kind: "not-in-enum", expected: `${String(type)} op ${ops.join(" | ")}`, got: show(op) }];
  }
  const present = matching.filter((v) => existsAt(v, level));
  if (!present.length) {
    return [
      {
        path: childPath(path, "type"),
        kind: "not-in-enum",
        expected: `event types existing at FL${level} (${show(type)} exists ${matching.map(levelWords).join("; ")})`,
        got: show(type),
      },
    ];
  }
  return validateVariants(event, present, level, path, undefined);
}

/**
 * Completeness, which validateZulip cannot check where a schema leaves `required` out (most of Zulip's event and
 * register schemas do): every key of an object schema that exists at the level and that the value lacks, as a
 * `missing-key` problem. Only the object's own keys; a caller that knows the value should be complete asks.
 */
export function missingKeys(value: Record<string, unknown>, schema: ZulipSchema, level: number, path = "$"): Problem[] {
  return Object.entries(schema.properties ?? {})
    .filter(([name, prop]) => existsAt(prop, level) && !Object.hasOwn(value, name))
    .map(([name, prop]) => ({
      path: childPath(path, name),
      kind: "missing-key" as const,
      expected: `a key Zulip has ${levelWords(prop) || "at every level"} (${typeWords(prop)})`,
      got: "absent",
    }));
}
