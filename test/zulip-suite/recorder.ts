/**
 * A whole suite run against a `--product zulip` reference server, with every answer it (and the throw-away
 * organizations it starts in its process) gives recorded and checked against Zulip 10.2: events against
 * event_types.py's models (src/product/zulip-event-models.ts), 200 bodies against Zulip's description
 * (src/product/validate.ts), at the server's level. The run itself gets the differences table's expected failures
 * for that level (src/product/zulip-differences.ts).
 *
 * The recorder wraps http.Server's "request" events in this process: every server here is the reference server or
 * one of its siblings, and the suite runs as a child process, as a user runs it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createReferenceServer } from "../../reference-server/server.ts";
import { operationOf } from "../../src/product/operations.ts";
import { splitPath, validateZulip } from "../../src/product/validate.ts";
import { validateEventModelAt, eventKey } from "../../src/product/zulip-event-models.ts";
import { schemaFor } from "../../src/product/zulip-api.ts";
import { allowedBy, type AllowKind } from "../../src/product/zulip-differences.ts";
import { zulipExpectations } from "../../src/results/zulip-expectations.ts";
import type { Results } from "../../src/results/schema.ts";
import { CLI } from "../support/cli-entry.ts";

/** One distinct problem of an answer: where, what, how often, one example. */
export interface Finding {
  subject: string;
  object: string;
  key: string;
  kind: AllowKind;
  count: number;
  example: string;
}

export interface RecordedRun {
  level: number;
  exitCode: number;
  seconds: number;
  results: Results;
  /** Problems no row of the differences table covers. */
  findings: Finding[];
  /** Problems a row covers, by the row's reason. */
  covered: Map<string, number>;
  counts: { answers: number; bodies: number; events: number };
}

const REPO = new URL("../../", import.meta.url).pathname;

export async function recordRun(level: number, extraArgs: readonly string[] = []): Promise<RecordedRun> {
  const found = new Map<string, Finding>();
  const covered = new Map<string, number>();
  const counts = { answers: 0, bodies: 0, events: 0 };
  const note = (subject: string, path: string, kind: AllowKind, example: string): void => {
    const { object, key } = splitPath(path);
    const row = allowedBy({ subject, object, key, kind, level });
    if (row) {
      covered.set(row.reason, (covered.get(row.reason) ?? 0) + 1);
      return;
    }
    const id = `${subject} ${object} ${key} ${kind}`;
    const f = found.get(id);
    if (f) f.count++;
    else found.set(id, { subject, object, key, kind, count: 1, example });
  };
  const record = (req: IncomingMessage, text: string, status: number): void => {
    counts.answers++;
    const url = new URL(req.url ?? "/", "http://x");
    if (!url.pathname.startsWith("/api/v1/") || status !== 200 || !text.startsWith("{")) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const op = operationOf(req.method ?? "GET", url.pathname.slice("/api/v1".length));
    if (!op || !op.op.response) return;
    counts.bodies++;
    const id = op.op.operationId;
    if (id === "get-events") {
      for (const e of (json as { events?: unknown[] }).events ?? []) {
        counts.events++;
        const subject = `event ${typeof e === "object" && e ? eventKey(e as Record<string, unknown>) : "?"}`;
        for (const p of validateEventModelAt(e, level)) note(subject, p.path, p.kind, `want ${p.expected}, got ${p.got}`);
      }
      return;
    }
    const schema = id === "register-queue" ? schemaFor({ register: true }) : schemaFor({ operationId: id });
    const subject = id === "register-queue" ? "register" : id;
    for (const p of validateZulip(json, schema, level)) note(subject, p.path, p.kind, `want ${p.expected}, got ${p.got}`);
  };

  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]): boolean {
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      const chunks: Buffer[] = [];
      const write = res.write.bind(res) as (...a: unknown[]) => boolean;
      const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
      const grab = (c: unknown): void => {
        if (typeof c === "string") chunks.push(Buffer.from(c));
        else if (c instanceof Uint8Array) chunks.push(Buffer.from(c));
      };
      res.write = ((c: unknown, ...rest: unknown[]) => (grab(c), write(c, ...rest))) as typeof res.write;
      res.end = ((c?: unknown, ...rest: unknown[]) => {
        if (typeof c !== "function") grab(c);
        return end(c, ...rest);
      }) as typeof res.end;
      // writeHead's headers are not readable back: a body that parses as JSON is taken as one.
      res.on("finish", () => record(req, Buffer.concat(chunks).toString("utf8"), res.statusCode));
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof Server.prototype.emit;

  const work = mkdtempSync(join(tmpdir(), `cc-zulip-suite-${level}-`));
  const server = await createReferenceServer({ featureLevel: level, port: 0, host: "127.0.0.1", product: "zulip" });
  try {
    const personas = join(work, "personas.json");
    writeFileSync(personas, JSON.stringify({ personas: server.personas, serverConfig: server.serverConfig }));
    const expectations = join(work, "expectations.json");
    writeFileSync(expectations, JSON.stringify(zulipExpectations(level)));
    const started = Date.now();
    const args = [...CLI, "run", "--target", server.url, "--personas", personas, "--out", join(work, "reports"), "--expectations", expectations];
    const exitCode = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [...args, ...extraArgs], { cwd: REPO, stdio: ["ignore", "ignore", "inherit"] });
      child.on("exit", (c) => resolve(c ?? 1));
    });
    const seconds = (Date.now() - started) / 1000;
    const results = JSON.parse(readFileSync(join(work, "reports", "results.json"), "utf8")) as Results;
    return { level, exitCode, seconds, results, findings: [...found.values()].sort((a, b) => b.count - a.count), covered, counts };
  } finally {
    Server.prototype.emit = emit;
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
