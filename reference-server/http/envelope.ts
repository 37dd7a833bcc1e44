import { AUTH_REALM } from "../../src/product/names.ts";
import type { ServerResponse } from "node:http";
import { ApiError } from "./errors.ts";

/** The response envelope of wire §4: a JSON object, trailing newline, `result` success or error. */
export function sendJson(res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body) + "\n";
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store, no-cache, must-revalidate, max-age=0",
    ...headers,
  });
  res.end(text);
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
