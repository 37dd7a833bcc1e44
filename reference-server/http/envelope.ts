import { AUTH_REALM } from "../../facts/names.ts";
import type { ServerResponse } from "node:http";
import { ApiError } from "../errors/registry.ts";
import type { CachedAnswer } from "./answer-cache.ts";

/**
 * JSON made beforehand (a page of cached message fragments), as encoded chunks, placed as it is in an answer's top
 * level: the answer is then one copy of bytes rather than a long string to flatten and encode again.
 */
export class RawJson {
  readonly byteLength: number;
  constructor(
    readonly chunks: readonly Buffer[],
    byteLength?: number,
  ) {
    if (byteLength === undefined) {
      byteLength = 0;
      for (const c of chunks) byteLength += c.length;
    }
    this.byteLength = byteLength;
  }
}

/**
 * Buffers for answers assembled from RawJson chunks, used again once the socket has taken an answer's bytes. A
 * fresh buffer of tens of kilobytes for every page costs more than filling it: the allocator hands back memory it
 * had returned to the system, and each of its pages faults on first touch (measured: about three times the copy),
 * and the external memory hastens collections. A buffer goes back to the pool only when its response has finished
 * (every byte handed to the kernel); one whose connection broke first is left to the collector. Sizes are powers of
 * two; the pool keeps at most POOLED_BYTES, the most a server answering its concurrent pages keeps hot.
 */
const MIN_POOLED = 16 * 1024;
const MAX_POOLED = 8 * 1024 * 1024;
const POOLED_BYTES = 64 * 1024 * 1024;
const pool = new Map<number, Buffer[]>();
let pooledBytes = 0;

function takeBuffer(size: number): Buffer {
  // Small answers (most polls, most writes) come from node's shared slab, which costs less than a buffer of their own.
  if (size < MIN_POOLED) return Buffer.allocUnsafe(size);
  if (size > MAX_POOLED) return Buffer.allocUnsafeSlow(size);
  const capacity = 2 ** Math.ceil(Math.log2(size));
  const free = pool.get(capacity)?.pop();
  if (free === undefined) return Buffer.allocUnsafeSlow(capacity);
  pooledBytes -= capacity;
  return free;
}

function giveBack(buffer: Buffer): void {
  const capacity = buffer.length;
  if (capacity < MIN_POOLED || capacity > MAX_POOLED || (capacity & (capacity - 1)) !== 0 || pooledBytes + capacity > POOLED_BYTES) return;
  let free = pool.get(capacity);
  if (free === undefined) pool.set(capacity, (free = []));
  free.push(buffer);
  pooledBytes += capacity;
}

/**
 * JSON.stringify's bytes with the trailing newline, top-level RawJson values written as their chunks: the text
 * between them, then one buffer filled in a single pass (`pooled`: it may come from the pool, and goes back once
 * written).
 */
function encode(body: Record<string, unknown>, pooling = true): { bytes: Buffer; pooled: Buffer | undefined } {
  let hasRaw = false;
  for (const k in body) if (body[k] instanceof RawJson) hasRaw = true;
  if (!hasRaw) return { bytes: Buffer.from(JSON.stringify(body) + "\n"), pooled: undefined };
  // Alternating: text, RawJson, text, …, text.
  const parts: (string | RawJson)[] = [];
  let text = "{";
  let first = true;
  for (const k in body) {
    const v = body[k];
    if (v instanceof RawJson) {
      parts.push(`${text}${first ? "" : ","}${JSON.stringify(k)}:`, v);
      text = "";
      first = false;
      continue;
    }
    // As JSON.stringify: a key whose value has no JSON form is left out.
    const json = JSON.stringify(v);
    if (json === undefined) continue;
    text += `${first ? "" : ","}${JSON.stringify(k)}:${json}`;
    first = false;
  }
  parts.push(`${text}}\n`);
  let size = 0;
  for (const p of parts) size += typeof p === "string" ? Buffer.byteLength(p) : p.byteLength;
  const buffer = pooling ? takeBuffer(size) : Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const p of parts) {
    if (typeof p === "string") {
      at += buffer.write(p, at, "utf8");
      continue;
    }
    for (const c of p.chunks) {
      buffer.set(c, at);
      at += c.length;
    }
  }
  return { bytes: buffer.length === size ? buffer : buffer.subarray(0, size), pooled: pooling && size >= MIN_POOLED ? buffer : undefined };
}

const NO_HEADERS: Record<string, string> = {};

interface Answer {
  status: number;
  headers: Readonly<Record<string, string>>;
  bytes: Buffer;
  /** The pooled buffer `bytes` lies in, given back once the socket has them. */
  pooled: Buffer | undefined;
}

/**
 * Answers decided in this turn of the event loop, written together once its I/O callbacks are done (setImmediate)
 * rather than each as its handler finishes. An answer wakes the client waiting for it; written between one request's
 * work and the next, each finds its client asleep again, and on a virtual machine that wake-up costs the writing
 * side more than the answer (measured in the bench's POST /messages: 37 µs per write interleaved, 10 µs batched,
 * and nearly twice the requests a second). A response answered twice keeps its first answer, as `headersSent` ensured
 * when answers were written at once.
 */
const pending = new Map<ServerResponse, Answer>();

function flush(): void {
  for (const [res, answer] of pending) {
    pending.delete(res);
    writeNow(res, answer);
  }
}

function writeAnswer(res: ServerResponse, answer: Answer): void {
  if (res.headersSent || res.destroyed || pending.has(res)) {
    if (answer.pooled !== undefined) giveBack(answer.pooled);
    return;
  }
  if (pending.size === 0) setImmediate(flush);
  pending.set(res, answer);
}

function writeNow(res: ServerResponse, { status, headers, bytes, pooled }: Answer): void {
  // A connection that broke while its answer waited: nothing reads the buffer.
  if (res.headersSent || res.destroyed) {
    if (pooled !== undefined) giveBack(pooled);
    return;
  }
  try {
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": bytes.length,
      "cache-control": "no-store, no-cache, must-revalidate, max-age=0",
      ...headers,
    });
    if (pooled === undefined) res.end(bytes);
    // 'finish' comes once the socket has taken every byte: nothing reads the buffer after that.
    else res.end(bytes, () => giveBack(pooled));
  } catch (e) {
    // Outside any request's handler now: one answer that cannot be written (a header value node refuses) costs its
    // connection, never the server.
    process.stderr.write(`reference-server: could not write an answer: ${(e as Error).message}\n`);
    res.destroy();
  }
}

/** The response envelope of wire §4: a JSON object, trailing newline, `result` success or error. */
export function sendJson(res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = NO_HEADERS): void {
  if (res.headersSent || res.destroyed || pending.has(res)) return;
  // Encoded once: the length and the bytes written come from the same pass over the text.
  const { bytes, pooled } = encode(body);
  writeAnswer(res, { status, headers, bytes, pooled });
}

/** What sendJson would send, as bytes of their own that can be sent again (sendAnswer), to any number of clients. */
export function jsonAnswer(status: number, body: Record<string, unknown>, headers: Record<string, string> = NO_HEADERS): CachedAnswer {
  return { status, headers, bytes: encode(body, false).bytes };
}

/**
 * The page a real Zulip server answers an unknown path under /api/v1 with (wire §1): a 404 whose body is HTML, not
 * the JSON envelope. `--product zulip` sends it, so that a client learns not to read every error as JSON.
 */
const NOT_FOUND_PAGE = Buffer.from(
  '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Page not found | Zulip</title></head>\n<body><h1>Page not found</h1><p>The page you were looking for does not exist.</p></body>\n</html>\n',
);

export function sendHtmlNotFound(res: ServerResponse): void {
  writeAnswer(res, { status: 404, headers: { "content-type": "text/html; charset=utf-8" }, bytes: NOT_FOUND_PAGE, pooled: undefined });
}

export function sendAnswer(res: ServerResponse, answer: CachedAnswer): void {
  writeAnswer(res, { status: answer.status, headers: answer.headers, bytes: answer.bytes, pooled: undefined });
}

export function successBody(fields: Record<string, unknown>, ignored: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = { result: "success", msg: "", ...fields };
  if (ignored.length > 0) body.ignored_parameters_unsupported = ignored;
  return body;
}

export function errorBody(err: ApiError): Record<string, unknown> {
  const body: Record<string, unknown> = { result: "error", msg: err.message };
  if (err.code !== undefined) body.code = err.code;
  return { ...body, ...err.extra };
}

/** `realm`: the product's name in the 401 challenge (wire §17.1). */
export function sendError(res: ServerResponse, err: ApiError, realm: string = AUTH_REALM.chat): void {
  const headers: Record<string, string> = err.status === 401 ? { "www-authenticate": `Basic realm="${realm}"` } : {};
  // The rest of an oversized body is not worth reading: answer, then close the connection.
  if (err.status === 413) headers.connection = "close";
  sendJson(res, err.status, errorBody(err), headers);
}
