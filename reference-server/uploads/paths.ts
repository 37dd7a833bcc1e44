import type { IncomingMessage, ServerResponse } from "node:http";
import { DOWNLOAD_PREFIX, serveDownload } from "../api/uploads/download.ts";
import { serveTemporaryDownload, TEMPORARY_PREFIX } from "../api/uploads/temporary-url.ts";
import { authenticate } from "../http/auth.ts";
import { applyRateLimit } from "../http/apply-rate-limit.ts";
import type { Mount } from "../http/mount.ts";
import type { Runtime } from "../runtime.ts";
import { serveTus, TUS_PATH } from "./tus-server.ts";

/**
 * The upload paths the route table does not serve, because they read their own bodies or live outside /api/v1:
 * downloads at /user_uploads/... (temporary URLs at /user_uploads/temporary/...) and, from FL295, the tus endpoint
 * /api/v1/tus[/<id>]. Returns false for any other path (and for /api/v1/tus below FL295, which then gets the
 * table's 404). Told apart before anything is awaited: every other request goes on without a turn of its own.
 */
export function isUploadPath(rt: Runtime, pathname: string): boolean {
  return pathname.startsWith(DOWNLOAD_PREFIX) || ((pathname === TUS_PATH || pathname.startsWith(`${TUS_PATH}/`)) && rt.fl.has("tusEndpoint"));
}

/**
 * Serves a path isUploadPath says is an upload path. A download with credentials counts against its user's rate
 * limit as any API request (real servers route it through their API views); one by temporary URL carries none, and
 * the tus endpoint is not limited (real servers' tus hooks check the key without the rate limiter).
 */
export async function serveUploadPath(rt: Runtime, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  if (pathname.startsWith(TEMPORARY_PREFIX)) serveTemporaryDownload(rt, req, res, pathname);
  else if (pathname.startsWith(DOWNLOAD_PREFIX)) {
    const method = (req.method ?? "GET").toUpperCase();
    // 405 comes before authentication and the limit, as serveDownload answers it.
    if (method === "GET" || method === "HEAD") applyRateLimit(rt, res, authenticate(rt, req), "api");
    serveDownload(rt, req, res, pathname);
  } else await serveTus(rt, req, res);
}

/** The upload paths as a mount server.ts registers. */
export const uploadsMount: Mount = { claims: isUploadPath, serve: serveUploadPath };
