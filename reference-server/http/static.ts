import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { emojiCodeToNames } from "../api/messages/emoji.ts";

/** Where register's server_emoji_data_url points (real servers serve it among their static files). */
export const EMOJI_DATA_PATH = "/static/generated/emoji/emoji_api.json";

const emojiData = (() => {
  const body = `${JSON.stringify({ code_to_names: emojiCodeToNames() })}\n`;
  return { body, etag: `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"` };
})();

/**
 * The static files clients fetch outside /api/v1 and without credentials: the emoji data (a JSON object whose
 * `code_to_names` maps each unicode emoji code to its names), with caching headers, and a 304 to a client that
 * already holds this version. Returns false for any other path.
 */
export function serveStaticPath(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  if (pathname !== EMOJI_DATA_PATH) return false;
  req.resume();
  const method = (req.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end();
    return true;
  }
  const headers = { "cache-control": "public, max-age=86400", etag: emojiData.etag };
  if (req.headers["if-none-match"] === emojiData.etag) {
    res.writeHead(304, headers).end();
    return true;
  }
  res.writeHead(200, { ...headers, "content-type": "application/json" }).end(method === "HEAD" ? undefined : emojiData.body);
  return true;
}
