import type { IncomingMessage, ServerResponse } from "node:http";
import { accessDenied, badRequest, methodNotAllowed, notFound } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import { canonicalPath } from "../../state/uploads.ts";
import { writeUpload } from "./download.ts";

/** Where temporary URLs point, outside /api/v1 beside the downloads (no real upload address starts so). */
export const TEMPORARY_PREFIX = "/user_uploads/temporary/";
/** How long a temporary URL works (real servers: SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS, 60 by default). */
export const TEMPORARY_URL_SECONDS = 60;

/**
 * GET /user_uploads/{realm_id_str}/{filename} (under /api/v1): for a file the requester may download, a URL that
 * serves it without credentials for a minute, `/user_uploads/temporary/<token>/<last segment of the address>`.
 * A file that does not exist and one the requester may not read fail as downloads do.
 */
function temporaryUrl(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const pathId = `${ctx.path.realm_id_str}/${ctx.path["*"] ?? ""}`;
  const upload = rt.store.uploads.get(pathId);
  if (!upload) throw notFound("File not found");
  if (!rt.access.canReadUpload(user, upload)) throw accessDenied();
  const token = rt.store.temporaryUrls.issue(upload.pathId, rt.store.clock(), TEMPORARY_URL_SECONDS);
  return { url: `${TEMPORARY_PREFIX}${token}/${upload.pathId.split("/").pop()}` };
}

/**
 * GET (and HEAD) `/user_uploads/temporary/<token>/<filename>`: the file, to anyone, while the token lasts. An
 * unknown or expired token, or one whose file was deleted, is "Invalid token"; a file name other than the
 * address's last segment is "Invalid filename".
 */
export function serveTemporaryDownload(rt: Runtime, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  const method = (req.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(["GET"]);
  const [token = "", filename = ""] = pathname.slice(TEMPORARY_PREFIX.length).split("/");
  const pathId = rt.store.temporaryUrls.resolve(token, rt.store.clock());
  if (pathId === undefined) throw badRequest("Invalid token");
  if (pathId.split("/").pop() !== canonicalPath(filename)) throw badRequest("Invalid filename");
  const upload = rt.store.uploads.get(pathId);
  if (!upload) throw badRequest("Invalid token");
  writeUpload(req, res, method, upload);
}

export const routes: Route[] = [authed("GET", "/user_uploads/:realm_id_str/*", temporaryUrl, { operation: "get-file-temporary-url" })];
