import { AUTH_REALM } from "../../src/product/names.ts";
import type { ServerResponse } from "node:http";
import { ApiError } from "./errors.ts";

/**
 * JSON made beforehand (a page of cached message fragments), as encoded chunks, placed as it is in an answer's top
 * level: the answer is then one concatenation of bytes rather than a long string to flatten and encode again.
 */
export class RawJson {
  constructor(readonly chunks: readonly Buffer[]) {}
}

/** JSON.stringify's bytes with the trailing newline, top-level RawJson values written as their chunks. */
function encode(body: Record<string, unknown>): Buffer {
  let hasRaw = false;
  for (const k in body) if (body[k] instanceof RawJson) hasRaw = true;
  if (!hasRaw) return Buffer.from(JSON.stringify(body) + "\n");
  const chunks: Buffer[] = [];
  let text = "{";
  for (const k in body) {
    const v = body[k];
    const comma = text === "{" && chunks.length === 0 ? "" : ",";
    if (v instanceof RawJson) {
      chunks.push(Buffer.from(`${text}${comma}${JSON.stringify(k)}:`));
      for (const c of v.chunks) chunks.push(c);
      text = "";
      continue;
    }
    // As JSON.stringify: a key whose value has no JSON form is left out.
    const json = JSON.stringify(v);
    if (json !== undefined) text += `${comma}${JSON.stringify(k)}:${json}`;
  }
  chunks.push(Buffer.from(`${text}}\n`));
  return Buffer.concat(chunks);
}

/** The response envelope of wire §4: a JSON object, trailing newline, `result` success or error. */
export function sendJson(res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  // Encoded once: the length and the bytes written come from the same pass over the text.
  const bytes = encode(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": bytes.length,
    "cache-control": "no-store, no-cache, must-revalidate, max-age=0",
    ...headers,
  });
  res.end(bytes);
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
