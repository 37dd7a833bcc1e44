import type { IncomingMessage } from "node:http";
import busboy from "busboy";
import { badRequest, fileTooLarge, payloadTooLarge } from "../errors/registry.ts";

export const MAX_FORM_BYTES = 2 * 1024 * 1024;

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface ParsedBody {
  fields: Map<string, string>;
  files: UploadedFile[];
}

/** Reads the whole body; past the limit it rejects and discards the rest (the 413 then closes the connection). */
function readAll(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    req.on("data", (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        settled = true;
        reject(payloadTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!settled) resolve(Buffer.concat(chunks));
    });
    req.on("error", (e) => {
      if (settled) return;
      settled = true;
      reject(badRequest(`Could not read the request body: ${e.message}`));
    });
  });
}

/**
 * A multipart body carries one file and a form at most; past that it is refused as it arrives, whatever its parts
 * (a file over the limit keeps its own answer), rather than held in memory file after file.
 */
const multipartLimit = (fileLimit: number): number => fileLimit + MAX_FORM_BYTES;

function parseMultipart(req: IncomingMessage, fileLimit: number): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    const files: UploadedFile[] = [];
    let failed: Error | undefined;
    const limit = multipartLimit(fileLimit);
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return;
      failed ??= payloadTooLarge(limit);
      reject(failed);
    });
    let bb: busboy.Busboy;
    try {
      // File names arrive as UTF-8 (browsers, undici); busboy would read them as latin1 by default. busboy signals
      // the limit when a file reaches it: one byte more lets a file of exactly fileLimit bytes through.
      bb = busboy({ headers: req.headers, defParamCharset: "utf8", limits: { fileSize: fileLimit + 1, fieldSize: MAX_FORM_BYTES } });
    } catch (e) {
      reject(badRequest(`Malformed multipart body: ${(e as Error).message}`));
      return;
    }
    bb.on("field", (name, value) => {
      if (!fields.has(name)) fields.set(name, value);
    });
    bb.on("file", (field, stream, info) => {
      const parts: Buffer[] = [];
      stream.on("data", (d: Buffer) => {
        if (!failed) parts.push(d);
      });
      stream.on("limit", () => {
        failed ??= fileTooLarge(Math.floor(fileLimit / (1024 * 1024)));
      });
      stream.on("close", () => {
        if (!failed) files.push({ field, filename: info.filename ?? "", mimeType: info.mimeType, data: Buffer.concat(parts) });
      });
    });
    bb.on("error", (e: Error) => reject(badRequest(`Malformed multipart body: ${e.message}`)));
    bb.on("close", () => (failed ? reject(failed) : resolve({ fields, files })));
    req.pipe(bb);
  });
}

/** What parseBody gives for a request without a body (shared: callers only read it). */
export const NO_BODY: ParsedBody = Object.freeze({ fields: new Map<string, string>(), files: Object.freeze([]) as unknown as UploadedFile[] });

/**
 * A request that announces no body: no content-length (or 0) and no transfer-encoding, so HTTP/1.1 says it has
 * none, and not multipart, whose empty body parseBody refuses as malformed. parseBody would read it as NO_BODY.
 */
export function hasNoBody(req: IncomingMessage): boolean {
  const { headers } = req;
  const length = headers["content-length"];
  if ((length !== undefined && length !== "0") || headers["transfer-encoding"] !== undefined) return false;
  const type = headers["content-type"];
  return type === undefined || !type.toLowerCase().startsWith("multipart/form-data");
}

/**
 * Reads the body of any method as a form (wire §3): x-www-form-urlencoded or multipart/form-data.
 * Other content types (JSON included) are read and ignored: their parameters count as missing.
 */
export async function parseBody(req: IncomingMessage, fileLimit: number): Promise<ParsedBody> {
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) return parseMultipart(req, fileLimit);
  const buf = await readAll(req, MAX_FORM_BYTES);
  const fields = new Map<string, string>();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [k, v] of new URLSearchParams(buf.toString("utf8"))) if (!fields.has(k)) fields.set(k, v);
  }
  return { fields, files: [] };
}
