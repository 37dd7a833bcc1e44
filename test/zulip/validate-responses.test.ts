import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";
import { encodeParams } from "../../src/client/encode.ts";
import { missingKeys, splitPath, validateZulip, validateZulipEvent, type Problem } from "../../src/product/validate.ts";
import { allowedBy, type AllowKind } from "../../src/product/zulip-differences.ts";
import { existsAt, operationsAt, schemaFor, zulipOperation, ZULIP_OPERATIONS, type ZulipOperation } from "../../src/product/zulip-api.ts";
import { TOUR, type Credentials, type Step, type TourContext } from "./tour.ts";

/**
 * `serve --product zulip` against Zulip's own API description (facts/data/zulip-api.json): at each level, a
 * reference server in product zulip mode gets the tour (tour.ts) of every operation Zulip's description has at that
 * level, and every 200 body and every event it sends is checked against Zulip's schema for that level
 * (src/product/validate.ts). What src/product/zulip-differences.ts covers is dropped; everything else fails, one line
 * per distinct problem with its count.
 *
 * Its own vitest project, part of `npm test`: `npx vitest run --project zulip`.
 * CC_ZULIP_REPORT=<file.json> also writes every finding, by level, to that file.
 *
 * Completeness, which the schemas cannot state (Zulip's register schema requires almost nothing): after the tour,
 * a register that asks for every section (no event_types) with the default client capabilities must hold every
 * top-level key Zulip's register has at the level. Real clients refuse a register that lacks the sections they
 * read; what the reference server leaves out on purpose is a row of src/product/zulip-differences.ts, with its reason.
 */

const LEVELS = [153, 250, 334, 372] as const;
/** The id a step gets when the step that should have created it failed: no server has that many of anything. */
const PLACEHOLDER_ID = 2_000_000_000;

interface Finding {
  level: number;
  subject: string;
  path: string;
  kind: AllowKind;
  expected: string;
  got: string;
}

interface LevelResult {
  level: number;
  /** Operations Zulip has at this level that the server answered "No such endpoint" (or 405). */
  missing: Finding[];
  /** Other non-200 answers to tour steps. */
  stepErrors: string[];
  /** Parameters the tour sent that Zulip's description says do not exist at this level: the tour's own bugs. */
  tourErrors: string[];
  /** Parameters Zulip has at this level that the server listed in ignored_parameters_unsupported. */
  ignored: string[];
  /** Problems in 200 bodies (register included, events excluded). */
  bodies: Finding[];
  /** Top-level keys of Zulip's register at this level that a register of every section lacks. */
  incomplete: Finding[];
  events: Finding[];
  eventCounts: Record<string, number>;
  allowed: Finding[];
}

const results: LevelResult[] = [];

/** A push bouncer that takes every notification and says nothing about the organization. */
const bouncer = { url: "", server: undefined as Server | undefined };
beforeAll(async () => {
  bouncer.server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end('{"result":"success","msg":""}'));
  });
  await new Promise<void>((resolve) => bouncer.server!.listen(0, "127.0.0.1", resolve));
  bouncer.url = `http://127.0.0.1:${(bouncer.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => (bouncer.server ? bouncer.server.close(() => resolve()) : resolve())));

const stepName = (s: Step): string => (s.label ? `${s.op} (${s.label})` : s.op);

function operationUrl(base: string, op: ZulipOperation, values: Record<string, string | number>): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`the tour gives no value for {${name}} of ${op.operationId}`);
    // A file path keeps its slashes (get-file-temporary-url's {filename} is several segments).
    return String(v).split("/").map(encodeURIComponent).join("/");
  });
  return `${base}/api/v1${path}`;
}

interface Answer {
  status: number;
  body: unknown;
}

async function send(base: string, op: ZulipOperation, step: Step, c: TourContext): Promise<Answer> {
  const url = new URL(operationUrl(base, op, step.path?.(c) ?? {}));
  const pairs = encodeParams(step.params?.(c) ?? {});
  const headers: Record<string, string> = {};
  const who = step.as === null ? undefined : (c.who[step.as ?? "owner"] ?? { email: `${step.as}@nowhere.invalid`, apiKey: "x".repeat(32) });
  if (who) headers.authorization = `Basic ${Buffer.from(`${who.email}:${who.apiKey}`).toString("base64")}`;
  let body: string | FormData | undefined;
  const files = step.files?.(c) ?? [];
  if (op.method === "GET") for (const [k, v] of pairs) url.searchParams.append(k, v);
  else if (files.length) {
    const form = new FormData();
    for (const [k, v] of pairs) form.append(k, v);
    files.forEach((f, i) => form.append(`file-${i}`, new Blob([f.data], { type: f.type }), f.name));
    body = form;
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(pairs).toString();
  }
  const res = await fetch(url, { method: op.method, headers, body, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // A non-JSON body stays text: real servers answer unknown routes with HTML.
  }
  return { status: res.status, body: parsed };
}

const isMissing = (a: Answer): boolean => {
  const msg = typeof a.body === "object" && a.body !== null ? String((a.body as { msg?: unknown }).msg ?? "") : String(a.body);
  return a.status === 405 || (a.status === 404 && (typeof a.body !== "object" || /no such endpoint/i.test(msg)));
};

function located(level: number, subject: string, p: Problem): Finding {
  return { level, subject, path: p.path, kind: p.kind, expected: p.expected, got: p.got };
}

function locate(f: Finding) {
  const { object, key } = splitPath(f.path);
  return { subject: f.subject, object, key, kind: f.kind, level: f.level };
}

/** One line per distinct problem: where (indices and map keys folded), what, and how often. */
function distinct(findings: readonly Finding[]): string[] {
  const groups = new Map<string, { line: string; n: number }>();
  for (const f of findings) {
    const { object, key } = splitPath(f.path);
    const where = `${f.subject} ${object}${key.startsWith("[") || key === "" ? key : `.${key}`}`;
    const id = `${where} ${f.kind} ${f.expected}`;
    const g = groups.get(id) ?? { line: `${where}: ${f.kind}, expected ${f.expected}, got ${f.got}`, n: 0 };
    g.n++;
    groups.set(id, g);
  }
  return [...groups.values()].map((g) => (g.n > 1 ? `${g.line} (×${g.n})` : g.line)).sort();
}

async function runTour(server: ReferenceServer, level: number): Promise<LevelResult> {
  const r: LevelResult = {
    level,
    missing: [],
    stepErrors: [],
    tourErrors: [],
    ignored: [],
    bodies: [],
    incomplete: [],
    events: [],
    eventCounts: {},
    allowed: [],
  };
  const who: Record<string, Credentials> = { ...server.personas };
  const ids: Record<string, number | string> = {};
  let placeholders: string[] = [];
  const c: TourContext = {
    level,
    who,
    ids,
    now: Math.floor(Date.now() / 1000),
    id(name) {
      const v = ids[name];
      if (typeof v === "number" && Number.isFinite(v)) return v;
      placeholders.push(name);
      return PLACEHOLDER_ID;
    },
    str(name) {
      const v = ids[name];
      if (v !== undefined) return String(v);
      placeholders.push(name);
      return String(PLACEHOLDER_ID);
    },
  };
  const keep = (f: Finding, into: Finding[]) => (allowedBy(locate(f)) ? r.allowed : into).push(f);

  for (const step of TOUR) {
    const op = zulipOperation(step.op);
    if (!existsAt(op, level)) continue;
    placeholders = [];
    for (const name of Object.keys(step.params?.(c) ?? {})) {
      const p = op.parameters.find((x) => x.name === name);
      if (p && !existsAt(p, level))
        r.tourErrors.push(
          `${stepName(step)}: sends '${name}', which Zulip has ${p.since !== undefined ? `from FL${p.since}` : ""}${p.until !== undefined ? ` before FL${p.until}` : ""}`,
        );
    }
    const answer = await send(server.url, op, step, c);
    const blockedBy = [...new Set(placeholders)];
    if (isMissing(answer)) {
      keep(
        {
          level,
          subject: op.operationId,
          path: "$",
          kind: "missing-operation",
          expected: `${op.method} ${op.path}`,
          got: `${answer.status} ${JSON.stringify(answer.body).slice(0, 80)}`,
        },
        r.missing,
      );
      continue;
    }
    const body = answer.body as Record<string, unknown>;
    if (answer.status !== 200 || typeof body !== "object" || body === null || body.result !== "success") {
      const why = typeof body === "object" && body !== null ? `${String(body.code ?? "")} ${String(body.msg ?? "")}`.trim() : String(body).slice(0, 80);
      r.stepErrors.push(`${stepName(step)}: ${answer.status} ${why}${blockedBy.length ? ` (blocked: no ${blockedBy.join(", ")} from an earlier step)` : ""}`);
      continue;
    }
    step.keep?.(body, c);
    for (const name of Array.isArray(body.ignored_parameters_unsupported) ? (body.ignored_parameters_unsupported as unknown[]) : []) {
      const p = op.parameters.find((x) => x.name === name);
      if (p && existsAt(p, level)) r.ignored.push(`${stepName(step)}: ${String(name)}`);
    }
    if (op.operationId === "get-events") {
      const events = Array.isArray(body.events) ? (body.events as unknown[]) : [];
      for (const p of validateZulip({ ...body, events: [] }, schemaFor({ operationId: op.operationId }), level))
        keep(located(level, op.operationId, p), r.bodies);
      for (const e of events) {
        const { type, op: eop } = e as { type?: unknown; op?: unknown };
        const subject = `event ${String(type)}${eop !== undefined ? `/${String(eop)}` : ""}`;
        r.eventCounts[subject] = (r.eventCounts[subject] ?? 0) + 1;
        for (const p of validateZulipEvent(e, level)) keep(located(level, subject, p), r.events);
      }
      continue;
    }
    const subject = op.operationId === "register-queue" ? "register" : op.operationId;
    const schema = op.operationId === "register-queue" ? schemaFor({ register: true }) : op.response;
    if (schema) for (const p of validateZulip(body, schema, level)) keep(located(level, subject, p), r.bodies);
  }
  await checkCompleteRegister(server, level, c, r, keep);
  return r;
}

/**
 * A register as the owner with no parameters at all: every section, the default client capabilities. Its body
 * must match Zulip's schema like any other, and hold every top-level key Zulip's register has at the level.
 */
async function checkCompleteRegister(
  server: ReferenceServer,
  level: number,
  c: TourContext,
  r: LevelResult,
  keep: (f: Finding, into: Finding[]) => void,
): Promise<void> {
  const op = zulipOperation("register-queue");
  const answer = await send(server.url, op, { op: op.operationId, label: "every section, default capabilities" }, c);
  const body = answer.body as Record<string, unknown>;
  if (answer.status !== 200 || typeof body !== "object" || body === null || body.result !== "success") {
    r.stepErrors.push(`register-queue (every section, default capabilities): ${answer.status} ${JSON.stringify(answer.body).slice(0, 80)}`);
    return;
  }
  const schema = schemaFor({ register: true });
  for (const p of validateZulip(body, schema, level)) keep(located(level, "register", p), r.bodies);
  for (const p of missingKeys(body, schema, level)) keep(located(level, "register", p), r.incomplete);
  if (typeof body.server_emoji_data_url === "string") {
    const problem = await emojiDataProblem(body.server_emoji_data_url);
    if (problem) r.stepErrors.push(`GET server_emoji_data_url (${body.server_emoji_data_url}): ${problem}`);
  }
}

/** What is wrong with the emoji data register points clients to, if anything: a JSON object whose `code_to_names` maps emoji codes to their names. */
async function emojiDataProblem(url: string): Promise<string | null> {
  const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  if (res.status !== 200) return `answered ${res.status}`;
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    return "answered a body that is not JSON";
  }
  const map = (data as { code_to_names?: unknown } | null)?.code_to_names;
  if (typeof map !== "object" || map === null || Array.isArray(map)) return "has no code_to_names object";
  const entries = Object.entries(map as Record<string, unknown>);
  if (!entries.length) return "lists no emoji";
  const bad = entries.find(([, names]) => !Array.isArray(names) || !names.length || names.some((n) => typeof n !== "string"));
  return bad ? `code ${bad[0]} has no list of names` : null;
}

describe("the tour", () => {
  it("has a step for every operation of Zulip's description up to FL372", () => {
    const toured = new Set(TOUR.map((s) => s.op));
    const untoured = ZULIP_OPERATIONS.filter((op) => LEVELS.some((l) => existsAt(op, l)) && !toured.has(op.operationId)).map(
      (op) => `${op.operationId} (${op.method} ${op.path})`,
    );
    expect(untoured).toEqual([]);
  });
});

for (const level of LEVELS) {
  describe(`serve --product zulip at FL${level} against Zulip's description`, () => {
    let server: ReferenceServer;
    let r: LevelResult;

    beforeAll(async () => {
      // POST /mobile_push/test_notification answers 200 only on a server with a push bouncer; what it sends there is
      // not under test, so a stub takes it.
      server = await createReferenceServer({ featureLevel: level, port: 0, product: "zulip", heartbeatMs: 1000, pushBouncerUrl: bouncer.url });
      r = await runTour(server, level);
      results.push(r);
    });
    afterAll(async () => {
      await server?.close();
    });

    it("the tour sends only parameters that exist at this level", () => {
      expect(r.tourErrors).toEqual([]);
    });

    it(`serves every operation Zulip has at FL${level} (${operationsAt(level).length} operations)`, () => {
      expect([...new Set(r.missing.map((f) => `${f.subject}: ${f.expected} answered ${f.got}`))]).toEqual([]);
    });

    it("answers every step of the tour with 200", () => {
      expect(r.stepErrors).toEqual([]);
    });

    it("reads every parameter of Zulip's description that the tour sends (none in ignored_parameters_unsupported)", () => {
      expect(r.ignored).toEqual([]);
    });

    it("sends 200 bodies, POST /register's included, that match Zulip's schemas", () => {
      expect(distinct(r.bodies)).toEqual([]);
    });

    it("answers a register of every section, with the default client capabilities, with every top-level key Zulip's register has at this level", () => {
      expect(distinct(r.incomplete)).toEqual([]);
    });

    it("sends events that match Zulip's event schemas", () => {
      expect(Object.keys(r.eventCounts).length, "the tour's actions should have produced events").toBeGreaterThan(0);
      expect(distinct(r.events)).toEqual([]);
    });
  });
}

afterAll(() => {
  const file = process.env.CC_ZULIP_REPORT;
  if (!file) return;
  const report = results
    .sort((a, b) => a.level - b.level)
    .map((r) => ({
      level: r.level,
      missing: [...new Set(r.missing.map((f) => f.subject))],
      stepErrors: r.stepErrors,
      tourErrors: r.tourErrors,
      ignored: r.ignored,
      bodies: distinct(r.bodies),
      incomplete: distinct(r.incomplete),
      events: distinct(r.events),
      eventCounts: r.eventCounts,
      allowed: distinct(r.allowed),
    }));
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
});
