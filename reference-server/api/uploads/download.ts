import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticate } from "../../http/auth.ts";
import { accessDenied, methodNotAllowed, notFound } from "../../errors/registry.ts";
import type { Runtime } from "../../runtime.ts";
import type { StoredUpload } from "../../state/uploads.ts";

export const DOWNLOAD_PREFIX = "/user_uploads/";

/** `inline; filename*=UTF-8''…` (RFC 6266 / 8187), so a browser saves the file under its stored name. */
function disposition(name: string): string {
  return `inline; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * GET (and HEAD) `/user_uploads/<path>`, outside /api/v1 as on real servers: the file's bytes, for its uploader
 * and for users who can read a message that links it (HTTP Basic, as on /api/v1). Real servers may answer with a
 * redirect to storage instead; the reference server serves the bytes itself. Errors are the usual envelope.
 */
export function serveDownload(rt: Runtime, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  const method = (req.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(["GET"]);
  const user = authenticate(rt, req);
  const upload = rt.store.uploads.get(pathname.slice(DOWNLOAD_PREFIX.length));
  if (upload === undefined || rt.faulty("fl272.uploads.url#download")) throw notFound("File not found");
  if (!rt.access.canReadUpload(user, upload)) throw accessDenied();
  writeUpload(req, res, method, upload);
}

/** Answers a GET or HEAD with the file's bytes, under its stored name. */
export function writeUpload(req: IncomingMessage, res: ServerResponse, method: string, upload: StoredUpload): void {
  req.resume();
  res.writeHead(200, {
    "content-type": upload.contentType,
    "content-length": upload.data.length,
    "content-disposition": disposition(upload.name),
    "cache-control": "private, immutable",
  });
  res.end(method === "HEAD" ? undefined : upload.data);
}
