import type { IncomingMessage, ServerResponse } from "node:http";
import type { Runtime } from "../runtime.ts";
import { authenticate } from "./auth.ts";
import { parseBody } from "./body.ts";
import { sendError, sendJson, successBody } from "./envelope.ts";
import { ApiError, badRequest, methodNotAllowed, notFound } from "./errors.ts";
import { Params } from "./params.ts";
import { renameProductKeys } from "./product.ts";
import type { RouteTable } from "./router.ts";
import { multipartFileLimit } from "../uploads/limits.ts";
import { serveUploadPath } from "../uploads/paths.ts";

const PREFIX = "/api/v1";

/**
 * One request, start to end: route, parse the body as a form whatever the method, merge the query string,
 * authenticate, run the handler, wrap the result in the envelope. Nothing a client sends can crash it:
 * anything unexpected becomes a 500 envelope and a line on stderr.
 */
export async function dispatch(rt: Runtime, table: RouteTable, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  try {
    const url = new URL(req.url ?? "/", "http://reference.invalid");
    const method = (req.method ?? "GET").toUpperCase();
    // Upload downloads (/user_uploads/...) and the tus endpoint read their own bodies and answer in their own shapes.
    if (await serveUploadPath(rt, req, res, url.pathname)) return;
    if (!url.pathname.startsWith(`${PREFIX}/`)) throw notFound(`No such endpoint: ${url.pathname}`);
    const sub = url.pathname.slice(PREFIX.length);
    const found = table.lookup(method, sub);
    if (found.kind === "not-found") throw notFound(`No such endpoint: ${method} ${url.pathname}`);
    if (found.kind === "method-not-allowed") {
      if (method === "OPTIONS") {
        req.resume();
        res.writeHead(204, { allow: found.allowed.join(", ") }).end();
        return;
      }
      throw methodNotAllowed(found.allowed);
    }
    const { route, path } = found.match;
    const body = await parseBody(req, multipartFileLimit(rt));
    const merged = new Map(body.fields);
    for (const [k, v] of url.searchParams) if (!merged.has(k)) merged.set(k, v);
    const params = new Params(merged);
    const user = route.auth ? authenticate(rt, req) : undefined;
    const ctx = { rt, user, params, path, files: body.files, req, signal: controller.signal };
    const result = await (route.handler as (c: typeof ctx) => Promise<Record<string, unknown>>)(ctx);
    const reportsIgnored =
      rt.fl.has("ignoredParametersEverywhere") || (route.reportsIgnoredSince !== undefined && rt.fl.atLeast(route.reportsIgnoredSince));
    const out = successBody(result, reportsIgnored ? params.ignored() : []);
    sendJson(res, 200, rt.config.product === "zulip" ? renameProductKeys(out) : out);
  } catch (e) {
    // A body we did not read would corrupt the next request on this keep-alive connection.
    if (!req.readableEnded) req.resume();
    if (e instanceof ApiError) {
      if (rt.faulty("fl153.server.missing-parameter") && e.code === "REQUEST_VARIABLE_MISSING") e = badRequest(e.message);
      sendError(res, e as ApiError);
      return;
    }
    process.stderr.write(`reference-server: internal error on ${req.method} ${req.url}: ${(e as Error).stack ?? String(e)}\n`);
    sendJson(res, 500, { result: "error", msg: "Internal server error" });
  }
}
