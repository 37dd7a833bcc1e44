import { readFileSync } from "node:fs";
import { z } from "zod";
import { validateZulipEvent } from "./validate.ts";

/**
 * Zulip 10.2's own event models as data (facts/data/zulip-events/zulip-10.2-events.json, derived from the server's
 * event_types.py by scripts/derive-zulip-events.py, whose header documents the type forms), and a check of one event
 * against them: the model (or models) of its "type" or "type/op", top-level and nested keys strict (a key the model
 * lacks is extra), types strict (an integer is no bool, a bool no integer, as pydantic's strict checks), required
 * fields required. Pure: returns every problem, throws none.
 */

const DATA_URL = new URL("../../facts/data/zulip-events/zulip-10.2-events.json", import.meta.url);

export type ModelType =
  | "int"
  | "str"
  | "bool"
  | "float"
  | "object"
  | "None"
  | { literal: Array<string | number | boolean | null> }
  | { list: ModelType }
  | { dict: { key: ModelType; value: ModelType } }
  | { anyOf: ModelType[] }
  | { model: string }
  | { external: string };

export interface ModelField {
  name: string;
  type: ModelType;
  required: boolean;
  default?: unknown;
}

const TypeSchema: z.ZodType<ModelType> = z.lazy(() =>
  z.union([
    z.enum(["int", "str", "bool", "float", "object", "None"]),
    z.strictObject({ literal: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])) }),
    z.strictObject({ list: TypeSchema }),
    z.strictObject({ dict: z.strictObject({ key: TypeSchema, value: TypeSchema }) }),
    z.strictObject({ anyOf: z.array(TypeSchema) }),
    z.strictObject({ model: z.string() }),
    z.strictObject({ external: z.string() }),
  ]),
);
const DataFile = z.strictObject({
  source: z.strictObject({ file: z.string(), release: z.string(), featureLevel: z.number().int(), derivedBy: z.string() }),
  events: z.record(z.string(), z.array(z.string()).min(1)),
  models: z.record(
    z.string(),
    z.strictObject({ fields: z.array(z.strictObject({ name: z.string(), type: TypeSchema, required: z.boolean(), default: z.unknown().optional() })) }),
  ),
});

const data = DataFile.parse(JSON.parse(readFileSync(DATA_URL, "utf8")));
for (const [key, names] of Object.entries(data.events)) {
  for (const n of names) if (!data.models[n]) throw new Error(`${DATA_URL.pathname}: event ${key} names no model '${n}'`);
}

export const ZULIP_EVENT_MODELS_SOURCE: Readonly<z.infer<typeof DataFile>["source"]> = data.source;
/** Event keys ("type" or "type/op") → the names of the models that describe them. */
export const ZULIP_EVENT_KEYS: Readonly<Record<string, readonly string[]>> = data.events;
export const ZULIP_MODELS: Readonly<Record<string, { fields: readonly ModelField[] }>> = data.models;

/**
 * Types the models import rather than define: UserGroupMembersDict is the group-setting value of a group's members
 * and subgroups (wire §17 group-setting values), with both lists required.
 */
const EXTERNAL: Readonly<Record<string, readonly ModelField[]>> = {
  UserGroupMembersDict: [
    { name: "direct_members", type: { list: "int" }, required: true },
    { name: "direct_subgroups", type: { list: "int" }, required: true },
  ],
};

export type ModelProblemKind = "unknown-event" | "extra-key" | "missing-required" | "wrong-type";
export interface ModelProblem {
  path: string;
  kind: ModelProblemKind;
  expected: string;
  got: string;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
const child = (path: string, key: string): string => (IDENT.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);
const show = (v: unknown): string => {
  const t = JSON.stringify(v) ?? String(v);
  return t.length > 60 ? `${t.slice(0, 57)}...` : t;
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function describeType(t: ModelType): string {
  if (typeof t === "string") return t;
  if ("literal" in t) return t.literal.map((v) => JSON.stringify(v)).join(" | ");
  if ("list" in t) return `list[${describeType(t.list)}]`;
  if ("dict" in t) return `dict[${describeType(t.dict.key)}, ${describeType(t.dict.value)}]`;
  if ("anyOf" in t) return t.anyOf.map(describeType).join(" | ");
  if ("model" in t) return t.model;
  return t.external;
}

function checkFields(value: Record<string, unknown>, fields: readonly ModelField[], path: string): ModelProblem[] {
  const problems: ModelProblem[] = [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const f of fields) {
    if (f.required && !Object.hasOwn(value, f.name))
      problems.push({ path: child(path, f.name), kind: "missing-required", expected: describeType(f.type), got: "absent" });
  }
  for (const [k, v] of Object.entries(value)) {
    const f = byName.get(k);
    if (!f) problems.push({ path: child(path, k), kind: "extra-key", expected: "no such key", got: show(v) });
    else problems.push(...checkType(v, f.type, child(path, k)));
  }
  return problems;
}

/** A value against one type; anyOf passes when one alternative does, else gives the closest one's problems. */
export function checkType(value: unknown, t: ModelType, path: string): ModelProblem[] {
  const wrong = (): ModelProblem[] => [{ path, kind: "wrong-type", expected: describeType(t), got: show(value) }];
  if (typeof t === "string") {
    const ok =
      t === "object" ||
      (t === "None" && value === null) ||
      (t === "int" && Number.isInteger(value)) ||
      (t === "float" && typeof value === "number") ||
      (t === "str" && typeof value === "string") ||
      (t === "bool" && typeof value === "boolean");
    return ok ? [] : wrong();
  }
  if ("literal" in t) return t.literal.some((l) => l === value) ? [] : wrong();
  if ("list" in t) return Array.isArray(value) ? value.flatMap((v, i) => checkType(v, t.list, `${path}[${i}]`)) : wrong();
  if ("dict" in t) {
    if (!isObject(value)) return wrong();
    return Object.entries(value).flatMap(([k, v]) => {
      // JSON keys are strings: a dict[int, …] key is an integer written as text.
      const keyOk = t.dict.key === "int" ? /^-?\d+$/.test(k) : checkType(k, t.dict.key, path).length === 0;
      const here = `${path}[${JSON.stringify(k)}]`;
      return keyOk
        ? checkType(v, t.dict.value, here)
        : [{ path: here, kind: "wrong-type" as const, expected: `key ${describeType(t.dict.key)}`, got: show(k) }];
    });
  }
  if ("anyOf" in t) {
    let best: ModelProblem[] | undefined;
    for (const alt of t.anyOf) {
      const p = checkType(value, alt, path);
      if (!p.length) return [];
      // A shape mismatch on the whole value is the weakest match: prefer an alternative that got inside.
      const score = p.length === 1 && p[0]!.path === path ? Infinity : p.length;
      const bestScore = best === undefined ? Infinity : best.length === 1 && best[0]!.path === path ? Infinity : best.length;
      if (best === undefined || score < bestScore) best = p;
    }
    return best!.length === 1 && best![0]!.path === path ? wrong() : best!;
  }
  const fields = "model" in t ? ZULIP_MODELS[t.model]?.fields : EXTERNAL[t.external];
  if (!fields) return [{ path, kind: "wrong-type", expected: `a type the data defines (${describeType(t)})`, got: show(value) }];
  return isObject(value) ? checkFields(value, fields, path) : wrong();
}

/** The key an event is filed under: "type/op" when Zulip's models name ops for its type, else "type". */
export function eventKey(event: Record<string, unknown>): string {
  const withOp = `${String(event.type)}/${String(event.op)}`;
  return ZULIP_EVENT_KEYS[withOp] ? withOp : String(event.type);
}

/** One event against the model(s) of its key: the first model that passes, else the closest one's problems. */
export function validateEventModel(event: unknown, path = "$"): ModelProblem[] {
  if (!isObject(event)) return [{ path, kind: "wrong-type", expected: "an event object", got: show(event) }];
  const names = ZULIP_EVENT_KEYS[eventKey(event)];
  if (!names) return [{ path: child(path, "type"), kind: "unknown-event", expected: "an event type (and op) of Zulip 10.2's models", got: eventKey(event) }];
  return checkType(event, { anyOf: names.map((model) => ({ model })) }, path);
}

/**
 * One event against the models, at a level: event_types.py describes the 10.2 server alone. A key it requires, or
 * calls extra, is judged by Zulip's description (facts/data/zulip-api.json, whose keys carry the level they came and
 * went at) where the description dates that very key between `level` and FL372: a required key the event lacks is
 * excused when the description lists it at FL372 but not at `level` (it came later), an extra key when the
 * description calls it extra at FL372 but lists it at `level` (it went later). The description requires almost
 * nothing, so a lacking key is tried by putting it in: a key that is then extra at `level` and not at FL372 came
 * later. Everything else the models say stands, as strict as they are.
 */
export function validateEventModelAt(event: unknown, level: number, path = "$"): ModelProblem[] {
  const problems = validateEventModel(event, path);
  if (problems.length === 0 || level >= LATEST) return problems;
  const at = (e: unknown, l: number) => new Set(validateZulipEvent(e, l, path).map((d) => `${d.kind} ${d.path}`));
  const [latest, then] = [at(event, LATEST), at(event, level)];
  const wentLater = (p: ModelProblem): boolean => latest.has(`extra-key ${p.path}`) && !then.has(`extra-key ${p.path}`);
  const lacking = problems.filter((p) => p.kind === "missing-required");
  let cameLater = (_p: ModelProblem): boolean => false;
  if (lacking.length) {
    const filled = structuredClone(event);
    for (const p of lacking) putAt(filled, p.path.slice(path.length), null);
    const [filledLatest, filledThen] = [at(filled, LATEST), at(filled, level)];
    cameLater = (p) => filledThen.has(`extra-key ${p.path}`) && !filledLatest.has(`extra-key ${p.path}`);
  }
  return problems.filter((p) => !(p.kind === "missing-required" ? cameLater(p) : p.kind === "extra-key" && wentLater(p)));
}

/** Sets the value at a path of `child`'s steps (`.key`, `["key"]`, `[i]`) under `root`, where its parent exists. */
function putAt(root: unknown, steps: string, value: unknown): void {
  const parts = [...steps.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)].map(
    (m): string | number => m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]!) as string)),
  );
  const last = parts.pop();
  let here: unknown = root;
  for (const k of parts) here = typeof here === "object" && here !== null ? (here as Record<string | number, unknown>)[k] : undefined;
  if (last !== undefined && typeof here === "object" && here !== null) (here as Record<string | number, unknown>)[last] = value;
}

/** The level event_types.py describes: Zulip 10.2's. */
const LATEST = 372;
