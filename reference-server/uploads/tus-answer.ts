import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { sendJson } from "../http/envelope.ts";

/**
 * The bridge between node:http and @tus/server's web handler (Server.handleWeb): the request as a web Request, and
 * the library's Response written back, with one change. Every answer under /api/v1 is the JSON envelope (wire §4),
 * so a refusal that has a body (the library writes its errors as plain text, the upload hooks as `{message}`)
 * becomes `{result: "error", msg, code}`, `message` kept where the hook gave one (real servers' tus hooks answer
 * `{message}`). The protocol's own answers stay as the protocol has them: successes (201, 204, a finished upload's
 * body), HEAD answers, which have no body, and any bodiless answer.
 */

/** Statuses whose refusal has no code on real servers (wire §4: none on 405 or 500). */
const UNCODED = new Set([405, 500]);

/** The request as a web Request: the same method, target, headers (host included, which the Location uses) and body. */
export function webRequest(req: IncomingMessage): Request {
  const method = (req.method ?? "GET").toUpperCase();
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const url = new URL(req.url ?? "/", "http://reference.invalid");
  const bodiless = method === "GET" || method === "HEAD";
  // `duplex` is what undici requires of a streamed body; the DOM typings lack it.
  const init: RequestInit & { duplex?: "half" } = { method, headers };
  if (!bodiless) {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** A refusal body as text: the hook's `{message}` gives its message, anything else its text, trimmed. */
function refusalOf(text: string): { msg: string; message?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === "object" && typeof (parsed as { message?: unknown }).message === "string") {
      const message = (parsed as { message: string }).message;
      return { msg: message, message };
    }
  } catch {
    // Plain text: the library's own messages ("The file for this url was not found").
  }
  return { msg: text.trim() };
}

/** The error envelope for a tus refusal: NOT_FOUND for 404, no code on 405 and 5xx, BAD_REQUEST otherwise. */
export function tusErrorBody(status: number, text: string): Record<string, unknown> {
  if (status >= 500) return { result: "error", msg: "Internal server error" };
  const { msg, message } = refusalOf(text);
  const body: Record<string, unknown> = { result: "error", msg: msg || `HTTP ${status}` };
  if (!UNCODED.has(status)) body.code = status === 404 ? "NOT_FOUND" : "BAD_REQUEST";
  if (message !== undefined) body.message = message;
  return body;
}

/** Writes the library's Response to `res`, a refusal with a body as the envelope. */
export async function writeTusAnswer(req: IncomingMessage, res: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const bytes = answer.body === null ? undefined : Buffer.from(await answer.arrayBuffer());
  const method = (req.method ?? "").toUpperCase();
  if (answer.status >= 400 && method !== "HEAD" && bytes !== undefined && bytes.length > 0) {
    delete headers["content-type"];
    delete headers["content-length"];
    sendJson(res, answer.status, tusErrorBody(answer.status, bytes.toString("utf8")), headers);
    return;
  }
  if (bytes !== undefined && method !== "HEAD") headers["content-length"] = String(bytes.length);
  res.writeHead(answer.status, headers);
  res.end(method === "HEAD" ? undefined : bytes);
}
