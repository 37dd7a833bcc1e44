import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Mount } from "../../http/mount.ts";
import { emojiCodeToNames } from "./emoji.ts";

/** Where register's server_emoji_data_url points (real servers serve it among their static files). */
export const EMOJI_DATA_PATH = "/static/generated/emoji/emoji_api.json";

const emojiData = (() => {
  const body = `${JSON.stringify({ code_to_names: emojiCodeToNames() })}\n`;
  return { body, etag: `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"` };
})();

/**
 * The static files clients fetch outside /api/v1 and without credentials: the emoji data (a JSON object whose
 * `code_to_names` maps each unicode emoji code to its names), with caching headers, and a 304 to a client that
 * already holds this version.
 */
function serveEmojiData(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const method = (req.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  const headers = { "cache-control": "public, max-age=86400", etag: emojiData.etag };
  if (req.headers["if-none-match"] === emojiData.etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, "content-type": "application/json" }).end(method === "HEAD" ? undefined : emojiData.body);
}

/** The static files as a mount server.ts registers. */
export const staticMount: Mount = { claims: (_rt, pathname) => pathname === EMOJI_DATA_PATH, serve: (_rt, req, res) => serveEmojiData(req, res) };
