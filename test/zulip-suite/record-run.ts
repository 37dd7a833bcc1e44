/**
 * Records every answer a `--product zulip` reference server (and the throw-away organizations it starts in its
 * process) gives during a whole suite run, and checks each against Zulip 10.2: events against event_types.py's
 * models (src/product/zulip-event-models.ts), 200 bodies against Zulip's description (src/product/validate.ts).
 * Prints one line per distinct problem with its count and an example.
 *
 *   npx tsx test/zulip-suite/record-run.ts 372 [--expectations fixtures/expectations/zulip-10.2.json]
 *
 * The recorder wraps http.Server's "request" events in this process: every server here is the reference server or
 * one of its siblings, and the suite runs as a child process.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { createReferenceServer } from "../../reference-server/server.ts";
import { operationOf } from "../../src/proxy/operations.ts";
import { splitPath, validateZulip } from "../../src/product/validate.ts";
import { validateEventModel, eventKey } from "../../src/product/zulip-event-models.ts";
import { schemaFor } from "../../src/product/zulip-api.ts";

const level = Number(process.argv[2] ?? 372);
const extra = process.argv.slice(3);
const findings = new Map<string, { count: number; example: string }>();
const counts = { responses: 0, checked: 0, events: 0 };
const note = (key: string, example: string): void => {
  const f = findings.get(key);
  if (f) f.count++;
  else findings.set(key, { count: 1, example });
};

function record(req: IncomingMessage, body: string, status: number): void {
  counts.responses++;
  const url = new URL(req.url ?? "/", "http://x");
  if (!url.pathname.startsWith("/api/v1/") || status !== 200) return;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return;
  }
  const found = operationOf(req.method ?? "GET", url.pathname.slice("/api/v1".length));
  if (!found || !found.op.response) return;
  counts.checked++;
  const id = found.op.operationId;
  if (id === "get-events") {
    for (const e of (json as { events?: unknown[] }).events ?? []) {
      counts.events++;
      const key = typeof e === "object" && e ? eventKey(e as Record<string, unknown>) : "?";
      for (const p of validateEventModel(e)) {
        const { object, key: k } = splitPath(p.path);
        note(`event ${key} ${p.kind} ${object}.${k}`, `want ${p.expected}, got ${p.got}`);
      }
    }
    return;
  }
  const schema = id === "register-queue" ? schemaFor({ register: true }) : schemaFor({ operationId: id });
  for (const p of validateZulip(json, schema, level)) {
    const { object, key: k } = splitPath(p.path);
    note(`${id} ${p.kind} ${object}.${k}`, `want ${p.expected}, got ${p.got}`);
  }
}

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
    res.on("finish", () => {
      // writeHead's headers are not readable back: a body that parses as JSON is taken as one.
      const text = Buffer.concat(chunks).toString("utf8");
      if (text.startsWith("{")) record(req, text, res.statusCode);
      else counts.responses++;
    });
  }
  return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
} as typeof Server.prototype.emit;

const server = await createReferenceServer({ featureLevel: level, port: 0, host: "127.0.0.1", product: "zulip" });
const personas = `/tmp/zulip-suite-personas-${level}.json`;
writeFileSync(personas, JSON.stringify({ personas: server.personas, serverConfig: server.serverConfig }));
const started = Date.now();
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    ["bin/chat-conformance.js", "run", "--target", server.url, "--personas", personas, "--out", `/tmp/zulip-suite-${level}`, ...extra],
    {
      stdio: ["ignore", "inherit", "ignore"],
    },
  );
  child.on("exit", (c) => resolve(c ?? 1));
});
await server.close();
console.log(
  `FL${level}: run exit ${code} in ${((Date.now() - started) / 1000).toFixed(0)} s; ${counts.responses} answers, ${counts.checked} checked 200 bodies, ${counts.events} events`,
);
for (const [key, f] of [...findings].sort((a, b) => b[1].count - a[1].count)) console.log(`  ${f.count}x ${key}  e.g. ${f.example}`);
