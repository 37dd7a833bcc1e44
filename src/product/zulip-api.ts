import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * Zulip's API as data (facts/data/zulip-api.json): the facts scripts/derive-zulip-api.mjs keeps from Zulip's own OpenAPI
 * description — operations, their parameters and 200 bodies, the event variants of GET /events and the POST /register
 * body — with the level each element appeared at (`since`) or left at (`until`). The schema subset and how the notes
 * become levels are documented at the top of that script; src/product/validate.ts reads the schemas level by level.
 */

const API_URL = new URL("../../facts/data/zulip-api.json", import.meta.url);

export type JsonType = "string" | "integer" | "number" | "boolean" | "array" | "object" | "null";

export interface ZulipSchema {
  type?: JsonType | JsonType[];
  enum?: unknown[];
  properties?: Record<string, ZulipSchema>;
  required?: string[];
  additionalProperties?: boolean | ZulipSchema;
  items?: ZulipSchema;
  oneOf?: ZulipSchema[];
  anyOf?: ZulipSchema[];
  /** Present from this feature level on. */
  since?: number;
  /** Absent from this feature level on. */
  until?: number;
}

export interface ZulipParameter {
  name: string;
  in: "path" | "query" | "body" | "multipart";
  required: boolean;
  type?: JsonType | JsonType[];
  since?: number;
  until?: number;
}

export interface ZulipOperation {
  operationId: string;
  method: string;
  /** As Zulip's description writes it, under /api/v1, with `{name}` path parameters. */
  path: string;
  since?: number;
  until?: number;
  deprecated?: boolean;
  /** False for the endpoints that take no credentials. */
  auth: boolean;
  parameters: ZulipParameter[];
  /** The 200 body; absent when the description gives none in JSON. */
  response?: ZulipSchema;
}

const JsonTypeSchema = z.enum(["string", "integer", "number", "boolean", "array", "object", "null"]);
const Level = z.number().int().nonnegative();
const SchemaSchema: z.ZodType<ZulipSchema> = z.lazy(() =>
  z.strictObject({
    type: z.union([JsonTypeSchema, z.array(JsonTypeSchema)]).optional(),
    enum: z.array(z.unknown()).optional(),
    properties: z.record(z.string(), SchemaSchema).optional(),
    required: z.array(z.string()).optional(),
    additionalProperties: z.union([z.boolean(), SchemaSchema]).optional(),
    items: SchemaSchema.optional(),
    oneOf: z.array(SchemaSchema).optional(),
    anyOf: z.array(SchemaSchema).optional(),
    since: Level.optional(),
    until: Level.optional(),
  }),
);
const ApiFile = z.strictObject({
  source: z.strictObject({ file: z.string(), featureLevel: Level, derivedBy: z.string() }),
  operations: z.array(
    z.strictObject({
      operationId: z.string(),
      method: z.string(),
      path: z.string(),
      since: Level.optional(),
      until: Level.optional(),
      deprecated: z.literal(true).optional(),
      auth: z.boolean(),
      parameters: z.array(
        z.strictObject({
          name: z.string(),
          in: z.enum(["path", "query", "body", "multipart"]),
          required: z.boolean(),
          type: z.union([JsonTypeSchema, z.array(JsonTypeSchema)]).optional(),
          since: Level.optional(),
          until: Level.optional(),
        }),
      ),
      response: SchemaSchema.optional(),
    }),
  ),
  events: z.strictObject({ operationId: z.literal("get-events"), variants: z.array(SchemaSchema) }),
  register: z.strictObject({ operationId: z.literal("register-queue") }),
});

const api = ApiFile.parse(JSON.parse(readFileSync(API_URL, "utf8")));
// The data holds the event variants once, under `events`; GET /events' body gets them back as its events' items.
const eventsBody = api.operations.find((op) => op.operationId === api.events.operationId)?.response?.properties?.events;
if (!eventsBody) throw new Error(`${API_URL.pathname}: ${api.events.operationId} has no events in its body`);
eventsBody.items = { oneOf: api.events.variants };

/** Where the data came from: Zulip's description's file name and feature level, and the script that derived it. */
export const ZULIP_API_SOURCE: Readonly<{ file: string; featureLevel: number; derivedBy: string }> = api.source;

/** Every operation of Zulip's description, in its order. */
export const ZULIP_OPERATIONS: readonly ZulipOperation[] = api.operations as ZulipOperation[];

/** Every event variant GET /events may carry (one per type, or per type and op, sometimes several). */
export const ZULIP_EVENT_VARIANTS: readonly ZulipSchema[] = api.events.variants;

/** Whether an element dated by since/until exists at a feature level. */
export const existsAt = (element: { since?: number; until?: number }, level: number): boolean =>
  (element.since === undefined || element.since <= level) && (element.until === undefined || level < element.until);

/** The operations a Zulip server at `level` has. */
export const operationsAt = (level: number): ZulipOperation[] => ZULIP_OPERATIONS.filter((op) => existsAt(op, level));

const byId = new Map(ZULIP_OPERATIONS.map((op) => [op.operationId, op]));

export function zulipOperation(operationId: string): ZulipOperation {
  const op = byId.get(operationId);
  if (!op) throw new Error(`Zulip's description has no operation '${operationId}'`);
  return op;
}

/** The `type` (and `op`, when the variant names ops) an event variant stands for. */
export function variantTypeOp(variant: ZulipSchema): { type: string[]; op: string[] | undefined } {
  const values = (name: string): string[] | undefined => variant.properties?.[name]?.enum?.filter((v): v is string => typeof v === "string");
  return { type: values("type") ?? [], op: values("op") };
}

export type SchemaTarget = { operationId: string } | { register: true } | { event: string; op?: string };

/**
 * The schema for an operation's 200 body, for the POST /register body, or for one event type (and op): the event's
 * variants as one `oneOf`, or undefined when Zulip's description has no such event.
 */
export function schemaFor(target: { operationId: string } | { register: true }): ZulipSchema;
export function schemaFor(target: { event: string; op?: string }): ZulipSchema | undefined;
export function schemaFor(target: SchemaTarget): ZulipSchema | undefined {
  if ("event" in target) {
    const variants = ZULIP_EVENT_VARIANTS.filter((v) => {
      const key = variantTypeOp(v);
      return key.type.includes(target.event) && (key.op === undefined ? target.op === undefined : target.op !== undefined && key.op.includes(target.op));
    });
    return variants.length ? { oneOf: variants } : undefined;
  }
  const id = "register" in target ? api.register.operationId : target.operationId;
  const response = zulipOperation(id).response;
  if (!response) throw new Error(`Zulip's description gives no JSON 200 body for '${id}'`);
  return response;
}
