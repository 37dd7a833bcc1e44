#!/usr/bin/env node
// Derives facts/data/zulip-api.json from Zulip's own OpenAPI description, the one of the release our levels end at:
//
//   node scripts/derive-zulip-api.mjs <path>/zulip-10.2/zulip.yaml
//
// That file names no level; its level is the highest its notes name (FL372 for 10.2). A file named …flNNN.yaml is
// taken at NNN.
//
// The product never reads Zulip's description itself; it reads the facts this script keeps: each operation (method,
// path, operationId, the level it appeared at, deprecation, whether it needs credentials), its parameters, its 200
// body, every event variant of GET /events (under `events`, not repeated in GET /events' body) and the POST /register
// body (the register-queue operation's). No description, example or other prose is kept. Schemas are written in a small JSON-Schema subset that src/product/validate.ts reads:
//
//   type        "string" | "integer" | "number" | "boolean" | "array" | "object" | "null", or a list of them
//               (OpenAPI's `nullable: true` adds "null")
//   enum        the allowed values
//   properties  name → schema; `required` lists the names that must be present
//   additionalProperties  true | false | schema, only when the description says so (the validator decides what an
//               object with listed properties and no word on extra keys means)
//   items       the schema of an array's elements
//   oneOf/anyOf lists of schemas; allOf is merged away (properties and required united, additionalProperties false
//               when any part says so, as Zulip's own OpenAPI checker merges them)
//   since/until on a property, an event variant or a parameter: present from level `since` on, and absent from level
//               `until` on. Derived only from that element's own "Changes" notes:
//                 "New in … (feature level N)" at the start of a sentence                → since N
//                 a rename at N on the element `new` → since N (the later of the two when it also says "New in"), and
//                   `old` is added beside it with until N. Renames read: "(feature level N), renamed `old` to `new`",
//                   "(feature level N), the `new` setting was named `old`", "(feature level N), this field was named
//                   `old`", "New in … (feature level N). Previously, this was called `old`", "This field was called
//                   `old` before … (feature level N)"
//                 "Removed `x` field|setting [from the dictionary] in … (feature level N)" on an object or
//                   array                                                                  → `x` added with until N
//                 "… (feature level N), removed the `x` field" on an object or array        → likewise
//                 "Removed in … (feature level N)" / "no longer sent since … (feature level N)" → until N
//                 "… (feature level N), replaced the value `a` with `b`" on an enum → anyOf the enum from N on and
//                   the enum with `a` for `b` before N
//               A property added from a removal note has no type (any value). Everything else stays unannotated.
//
// A property's own notes are its description and those of the schema its $ref names: one of Zulip's named schemas for a
// single setting such as CanSubscribeGroup or WebhookConfigOption, whose notes are that setting's history (Zulip writes
// such a schema as an allOf of the shared type and a part holding the notes). A note that a setting was replaced by
// another, without "renamed" or "removed", is not read: Zulip's notes use the same words for settings that were dropped
// and for ones that still exist.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

const SCRIPT = "scripts/derive-zulip-api.mjs";
/** Paths of Zulip's description that document something other than an endpoint. */
const DOC_ONLY_PATHS = new Set(["/real-time", "/rest-error-handling", "/zulip-outgoing-webhook"]);
/** The subset's keys, in the order they are written. */
const SCHEMA_KEYS = ["type", "enum", "properties", "required", "additionalProperties", "items", "oneOf", "anyOf", "since", "until"];
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const source = process.argv[2];
if (!source) {
  console.error(`usage: node ${SCRIPT} <zulip-10.2/zulip.yaml> [out.json]`);
  process.exit(2);
}
const out = process.argv[3] ?? fileURLToPath(new URL("../facts/data/zulip-api.json", import.meta.url));
// No "Changes" note of a release names a level beyond the release's own, and each release's last level has one.
const sourceText = readFileSync(source, "utf8");
const namedLevels = [...sourceText.matchAll(/feature levels? (\d+)/g)].map((m) => Number(m[1]));
const sourceLevel = Number(/fl(\d+)/i.exec(basename(source))?.[1] ?? Math.max(...namedLevels));
if (!Number.isInteger(sourceLevel)) throw new Error(`cannot tell the feature level of '${source}'`);
// "zulip.yaml" alone does not say which release: its folder does.
const sourceName = `${basename(dirname(source))}/${basename(source)}`;
const doc = YAML.parse(sourceText);

// ---------------------------------------------------------------------------------------------- notes

const flat = (text) => (typeof text === "string" ? text.replace(/\s+/g, " ") : "");
const VERSION = String.raw`(?:Zulip (?:Server )?[\d.]+ )?\(feature levels? (\d+)\)`;
const NEW_IN = new RegExp(String.raw`(?:^|[.:>]\s|\*\*\s?)New in ${VERSION}`, "g");
const GONE = [new RegExp(String.raw`(?:^|[.:>]\s|\*\*\s?)Removed in ${VERSION}`, "g"), new RegExp(String.raw`no longer sent since ${VERSION}`, "g")];
/** Renames, each as [pattern, which group is the level, the old name, the new one (0: the element itself)]. */
const RENAMES = [
  [String.raw`\(feature level (\d+)\),? renamed [\`'"](\w+)[\`'"] to \`(\w+)\``, 1, 2, 3],
  [String.raw`\(feature level (\d+)\),? the \`(\w+)\` (?:setting|field|parameter) was named \`(\w+)\``, 1, 3, 2],
  [String.raw`\(feature level (\d+)\),? this (?:setting|field|parameter|array) was named \`(\w+)\``, 1, 2, 0],
  [String.raw`New in ${VERSION}\. Previously, this (?:field )?was called \`(\w+)\``, 1, 2, 0],
  [String.raw`This field was called \`(\w+)\` before ${VERSION}`, 2, 1, 0],
].map(([re, ...groups]) => [new RegExp(re, "g"), ...groups]);
const REPLACED_VALUE = new RegExp(String.raw`\(feature level (\d+)\),? replaced the value \`"?(\w+)"?\` with \`"?(\w+)"?\``, "g");
const REMOVED_FIELD = [
  new RegExp(String.raw`Removed (?:unnecessary )?\`(\w+)\` (?:field|setting)(?: from the dictionary)? in ${VERSION}`, "g"),
  new RegExp(String.raw`\(feature level (\d+)\),? removed the \`(\w+)\` field`, "g"),
];

/** The level of the "New in" note of one element's own description, if any (the earliest, if several). */
function sinceOf(description) {
  const levels = [...flat(description).matchAll(NEW_IN)].map((m) => Number(m[1]));
  return levels.length ? Math.min(...levels) : undefined;
}
function untilOf(description) {
  const levels = GONE.flatMap((re) => [...flat(description).matchAll(re)].map((m) => Number(m[1])));
  return levels.length ? Math.min(...levels) : undefined;
}
/** Renames an element's description records: { level, from, to } (`to` undefined: the element itself). */
const renamesOf = (description) =>
  RENAMES.flatMap(([re, level, from, to]) =>
    [...flat(description).matchAll(re)].map((m) => ({ level: Number(m[level]), from: m[from], to: to ? m[to] : undefined })),
  );
/** Enum values an element's description says replaced others: { level, from, to }. */
const replacedValuesOf = (description) => [...flat(description).matchAll(REPLACED_VALUE)].map((m) => ({ level: Number(m[1]), from: m[2], to: m[3] }));
/** Fields an object's description says were removed: { name, level }. */
function removedFieldsOf(description) {
  const text = flat(description);
  return [
    ...[...text.matchAll(REMOVED_FIELD[0])].map((m) => ({ name: m[1], level: Number(m[2]) })),
    ...[...text.matchAll(REMOVED_FIELD[1])].map((m) => ({ name: m[2], level: Number(m[1]) })),
  ];
}

// ---------------------------------------------------------------------------------------------- schemas

const REF_PREFIX = "#/components/";
function lookup(ref) {
  if (!ref.startsWith(REF_PREFIX)) throw new Error(`unsupported $ref ${ref}`);
  let node = doc.components;
  for (const part of ref.slice(REF_PREFIX.length).split("/")) node = node?.[part];
  if (node === undefined) throw new Error(`dangling $ref ${ref}`);
  return node;
}

/**
 * The descriptions that are a node's own: its own, those of the parts of its allOf, and those of the schemas its
 * $refs name (one of Zulip's named schemas for a single setting, whose notes date the setting).
 */
function ownDescriptions(node, seen = new Set()) {
  if (!node || typeof node !== "object") return [];
  if (node.$ref) {
    if (seen.has(node.$ref)) return [];
    seen.add(node.$ref);
    return ownDescriptions(lookup(node.$ref), seen);
  }
  return [node.description, ...(node.allOf ?? []).flatMap((part) => ownDescriptions(part, seen))].filter((d) => typeof d === "string");
}

const warnings = [];
const warn = (msg) => warnings.push(msg);

/** Converts one OpenAPI schema into the subset, $refs resolved; `stack` guards against recursive schemas. */
function convert(node, stack = []) {
  if (!node || typeof node !== "object") return {};
  if (node.$ref) {
    if (stack.includes(node.$ref)) {
      warn(`recursive schema ${node.$ref}: its inner occurrence accepts anything`);
      return {};
    }
    return convert(lookup(node.$ref), [...stack, node.$ref]);
  }
  let s = {};
  if (node.allOf) for (const part of node.allOf) s = merge(s, convert(part, stack));
  const own = {};
  if (node.type !== undefined) own.type = node.type;
  if (node.enum !== undefined) own.enum = node.enum;
  if (node.properties) {
    own.properties = {};
    for (const [name, prop] of Object.entries(node.properties)) own.properties[name] = convertProperty(prop, stack);
  }
  if (Array.isArray(node.required) && node.required.length) own.required = [...node.required];
  if (node.additionalProperties !== undefined) {
    own.additionalProperties = typeof node.additionalProperties === "boolean" ? node.additionalProperties : convert(node.additionalProperties, stack);
  }
  if (node.items) own.items = convert(node.items, stack);
  if (node.oneOf) own.oneOf = node.oneOf.map((v) => convertVariant(v, stack));
  if (node.anyOf) own.anyOf = node.anyOf.map((v) => convertVariant(v, stack));
  s = merge(s, own);
  if (node.nullable === true) s = nullable(s);
  addRemovedFields(s, [node.description]);
  return s;
}

/** A property: its schema, with since/until, renames and replaced values from its own notes. */
function convertProperty(prop, stack) {
  let s = convert(prop, stack);
  const notes = ownDescriptions(prop);
  for (const r of notes.flatMap(replacedValuesOf)) {
    if (!s.enum?.includes(r.to) || s.enum.includes(r.from)) continue;
    s = {
      anyOf: [
        { ...s, since: r.level },
        { ...s, enum: s.enum.map((v) => (v === r.to ? r.from : v)), until: r.level },
      ],
    };
  }
  const since = maxDefined(notes.map(sinceOf));
  const until = minDefined(notes.map(untilOf));
  if (since !== undefined) s.since = since;
  if (until !== undefined) s.until = until;
  return s;
}

/** A oneOf/anyOf variant: like a property, its own notes (an event variant's "New in") date it. */
const convertVariant = convertProperty;

/** After a parent's properties exist: a property renamed at N is new at N, its old name present until N. */
function applyRenames(parent, rawProps) {
  if (!parent.properties || !rawProps) return;
  for (const [name, prop] of Object.entries(rawProps)) {
    for (const r of ownDescriptions(prop).flatMap(renamesOf)) {
      if (r.to !== undefined && r.to !== name) continue;
      const p = parent.properties[name];
      const previousSince = p.since;
      p.since = Math.max(p.since ?? 0, r.level);
      if (!(r.from in parent.properties)) {
        parent.properties[r.from] = { ...(previousSince !== undefined && previousSince < r.level ? { since: previousSince } : {}), until: r.level };
      }
    }
  }
}

function addRemovedFields(s, descriptions) {
  const removed = descriptions.flatMap(removedFieldsOf);
  if (!removed.length) return;
  const target = s.properties ? s : s.items?.properties ? s.items : undefined;
  for (const { name, level } of removed) {
    if (!target) {
      warn(`note on a removed field '${name}' (FL${level}) on a schema without properties: not applied`);
      continue;
    }
    if (!(name in target.properties)) target.properties[name] = { until: level };
  }
}

function nullable(s) {
  if (s.type !== undefined) return { ...s, type: [...new Set([...(Array.isArray(s.type) ? s.type : [s.type]), "null"])] };
  if (s.oneOf) return { ...s, oneOf: [...s.oneOf, { type: "null" }] };
  if (s.anyOf) return { ...s, anyOf: [...s.anyOf, { type: "null" }] };
  return s; // no constraint at all: null already passes
}

/** allOf: the parts' constraints together. */
function merge(a, b) {
  const m = { ...a };
  for (const [k, v] of Object.entries(b)) {
    if (k === "properties") {
      m.properties = { ...(m.properties ?? {}) };
      for (const [name, p] of Object.entries(v)) m.properties[name] = name in m.properties ? merge(m.properties[name], p) : p;
    } else if (k === "required") m.required = [...new Set([...(m.required ?? []), ...v])];
    else if (k === "additionalProperties") m.additionalProperties = m.additionalProperties === false || v === false ? false : v;
    else if (k === "items" && m.items) m.items = merge(m.items, v);
    else if (k === "type" && m.type !== undefined && JSON.stringify(m.type) !== JSON.stringify(v)) {
      const both = [m.type, v].map((t) => (Array.isArray(t) ? t : [t]));
      m.type = both[0].filter((t) => both[1].includes(t) || (t === "number" && both[1].includes("integer")));
      if (m.type.length === 1) m.type = m.type[0];
    } else if (k === "since") m.since = Math.max(m.since ?? 0, v);
    else if (k === "until") m.until = Math.min(m.until ?? Infinity, v);
    else m[k] = v;
  }
  return m;
}

const maxDefined = (xs) => (xs.some((x) => x !== undefined) ? Math.max(...xs.filter((x) => x !== undefined)) : undefined);
const minDefined = (xs) => (xs.some((x) => x !== undefined) ? Math.min(...xs.filter((x) => x !== undefined)) : undefined);

/** Renames are read once the properties are in place, walking the raw schema beside the converted one. */
function convertWithRenames(node, stack = []) {
  const s = convert(node, stack);
  walkRenames(node, s, new Set());
  return s;
}
function walkRenames(raw, s, seen) {
  if (!raw || typeof raw !== "object" || !s || typeof s !== "object") return;
  if (raw.$ref) {
    if (seen.has(raw.$ref)) return;
    return walkRenames(lookup(raw.$ref), s, new Set([...seen, raw.$ref]));
  }
  for (const part of raw.allOf ?? []) walkRenames(part, s, seen);
  if (raw.properties && s.properties) {
    applyRenames(s, raw.properties);
    for (const [name, prop] of Object.entries(raw.properties)) walkRenames(prop, s.properties[name], seen);
  }
  if (raw.items) walkRenames(raw.items, s.items, seen);
  if (raw.additionalProperties && typeof raw.additionalProperties === "object") walkRenames(raw.additionalProperties, s.additionalProperties, seen);
  for (const key of ["oneOf", "anyOf"]) raw[key]?.forEach((v, i) => walkRenames(v, s[key]?.[i], seen));
}

// ---------------------------------------------------------------------------------------------- operations

const deref = (node) => (node?.$ref ? deref(lookup(node.$ref)) : node);

function parametersOf(op, response) {
  const params = [];
  for (const p of (op.parameters ?? []).map(deref)) {
    params.push(parameter(p.name, p.in, p.required === true, p, p.schema));
  }
  const body = deref(op.requestBody);
  if (body?.content) {
    const [mediaType, content] = Object.entries(body.content)[0];
    const raw = content.schema;
    const merged = convert(raw);
    const required = new Set(merged.required ?? []);
    const rawProps = collectRawProperties(raw);
    for (const [name, prop] of Object.entries(rawProps)) {
      params.push(parameter(name, mediaType === "multipart/form-data" ? "multipart" : "body", required.has(name), prop, prop));
    }
  }
  // Renamed parameters: the old name, until the rename.
  for (const p of [...params]) {
    for (const r of p.renames) {
      if (r.to !== undefined && r.to !== p.name) continue;
      const previousSince = p.since;
      p.since = Math.max(p.since ?? 0, r.level);
      if (!params.some((q) => q.name === r.from))
        params.push({
          name: r.from,
          in: p.in,
          required: false,
          ...(previousSince !== undefined && previousSince < r.level ? { since: previousSince } : {}),
          until: r.level,
          renames: [],
        });
    }
  }
  // An operation's note on a removed field names a parameter when its 200 body is the bare envelope.
  if (!hasOwnFields(response)) {
    for (const { name, level } of removedFieldsOf(op.description)) {
      if (!params.some((p) => p.name === name)) params.push({ name, in: "body", required: false, until: level, renames: [] });
    }
  }
  return params.map(({ renames, ...p }) => tidyParameter(p));
}

function collectRawProperties(node, seen = new Set()) {
  if (!node || typeof node !== "object") return {};
  if (node.$ref) {
    if (seen.has(node.$ref)) return {};
    return collectRawProperties(lookup(node.$ref), new Set([...seen, node.$ref]));
  }
  let props = {};
  for (const part of node.allOf ?? []) props = { ...props, ...collectRawProperties(part, seen) };
  return { ...props, ...(node.properties ?? {}) };
}

function parameter(name, where, required, described, schema) {
  const notes = ownDescriptions(described);
  const since = maxDefined(notes.map(sinceOf));
  const until = minDefined(notes.map(untilOf));
  const type = convert(schema).type;
  return {
    name,
    in: where,
    required,
    ...(type !== undefined ? { type } : {}),
    ...(since !== undefined ? { since } : {}),
    ...(until !== undefined ? { until } : {}),
    renames: notes.flatMap(renamesOf),
  };
}
const tidyParameter = (p) => ordered(p, ["name", "in", "required", "type", "since", "until"]);

const ENVELOPE = new Set(["result", "msg", "ignored_parameters_unsupported"]);
const hasOwnFields = (s) => Object.keys(s?.properties ?? {}).some((k) => !ENVELOPE.has(k));

function responseSchema(op) {
  const res = deref(op.responses?.["200"]);
  const content = res?.content?.["application/json"];
  if (!content?.schema) return undefined;
  const s = convertWithRenames(content.schema);
  if (hasOwnFields(s)) addRemovedFields(s, [op.description]);
  return s;
}

const operations = [];
let registerSchema;
let eventVariants;
for (const [path, item] of Object.entries(doc.paths)) {
  if (DOC_ONLY_PATHS.has(path)) continue;
  for (const method of METHODS) {
    const op = item[method];
    if (!op) continue;
    if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
    const description = op.description ?? "";
    const changes = description.includes("**Changes**") ? description.slice(description.indexOf("**Changes**")) : "";
    const since = sinceOf(changes);
    const until = untilOf(changes);
    const security = op.security ?? doc.security ?? [];
    const response = responseSchema(op);
    if (op.operationId === "register-queue") registerSchema = response;
    if (op.operationId === "get-events") {
      // The event variants are written once, under `events`; the loader puts them back under this body's `events`.
      eventVariants = response?.properties?.events?.items?.oneOf;
      if (eventVariants) delete response.properties.events.items;
    }
    operations.push(
      ordered(
        {
          operationId: op.operationId,
          method: method.toUpperCase(),
          path,
          since,
          until,
          deprecated: op.deprecated === true ? true : undefined,
          auth: security.length > 0,
          parameters: parametersOf({ ...op, parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])] }, response),
          response: response === undefined ? undefined : sortSchema(response),
        },
        ["operationId", "method", "path", "since", "until", "deprecated", "auth", "parameters", "response"],
      ),
    );
  }
}
if (!registerSchema) throw new Error("no POST /register (register-queue) 200 response found");
if (!eventVariants) throw new Error("no GET /events (get-events) events items oneOf found");

// ---------------------------------------------------------------------------------------------- output

function sortSchema(s) {
  if (!s || typeof s !== "object" || Array.isArray(s)) return s;
  const o = {};
  for (const k of SCHEMA_KEYS) {
    if (s[k] === undefined) continue;
    if (k === "properties")
      o.properties = Object.fromEntries(
        Object.keys(s.properties)
          .sort()
          .map((n) => [n, sortSchema(s.properties[n])]),
      );
    else if (k === "required") o.required = [...s.required].sort();
    else if (k === "additionalProperties" || k === "items") o[k] = sortSchema(s[k]);
    else if (k === "oneOf" || k === "anyOf") o[k] = s[k].map(sortSchema);
    else o[k] = s[k];
  }
  const unknown = Object.keys(s).filter((k) => !SCHEMA_KEYS.includes(k));
  if (unknown.length) throw new Error(`schema keys outside the subset: ${unknown.join(", ")}`);
  return o;
}
function ordered(obj, keys) {
  const o = {};
  for (const k of keys) if (obj[k] !== undefined) o[k] = obj[k];
  return o;
}

// One operation and one event variant a line: compact, and a re-derivation's diff shows what changed where.
const lines = [
  "{",
  `"source":${JSON.stringify({ file: sourceName, featureLevel: sourceLevel, derivedBy: SCRIPT })},`,
  `"operations":[`,
  operations.map((o) => JSON.stringify(o)).join(",\n"),
  "],",
  `"events":{"operationId":"get-events","variants":[`,
  eventVariants.map((v) => JSON.stringify(sortSchema(v))).join(",\n"),
  "]},",
  `"register":{"operationId":"register-queue"}`,
  "}",
];
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, lines.join("\n") + "\n");
for (const w of [...new Set(warnings)]) console.error(`note: ${w}`);
console.error(`wrote ${out}: ${operations.length} operations, ${eventVariants.length} event variants`);
