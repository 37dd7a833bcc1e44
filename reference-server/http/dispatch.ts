import type { IncomingMessage, ServerResponse } from "node:http";
import type { Route, Runtime } from "../runtime.ts";
import { authenticate } from "./auth.ts";
import { hasNoBody, NO_BODY, parseBody } from "./body.ts";
import { jsonAnswer, sendAnswer, sendError, sendJson, successBody } from "./envelope.ts";
import { ApiError, badRequest, methodNotAllowed, notFound } from "./errors.ts";
import { TextMemo } from "./memo.ts";
import { Params } from "./params.ts";
import { applyRateLimit } from "./rate-limit.ts";
import { AUTH_REALM, specEndpoint, specName, toRealNames } from "../../facts/names.ts";
import { routeExists } from "./route-exists.ts";
import type { RouteTable } from "./router.ts";
import { multipartFileLimit } from "../uploads/limits.ts";
import { isUploadPath, serveUploadPath } from "../uploads/paths.ts";
import { serveStaticPath } from "./static.ts";
import { isControlPath, serveControl } from "../control/http.ts";

const PREFIX = "/api/v1";
/** Where a server that forgot the version segment would mount its routes but server_settings (the fl153.server.api-v1-prefix fault). */
const UNVERSIONED_PREFIX = "/api";

/** A request target as `new URL` reads it: the pathname, and the query's pairs in order. */
interface Target {
  pathname: string;
  query: readonly (readonly [string, string])[];
}

/** Targets already read, by the request's raw target: reading one (URL, then URLSearchParams) is a pure function of it. */
const targets = new TextMemo<Target>(2000, 4096);

function readTarget(raw: string): Target {
  return targets.of(raw, () => {
    const url = new URL(raw, "http://reference.invalid");
    return { pathname: url.pathname, query: [...url.searchParams] };
  });
}

/**
 * Routes whose answer is a function of the user, the request target and the state alone (no clock, no queue, no
 * side effect): the same request again, with nothing changed in between, gets the same bytes, kept by the fragment
 * cache under its rule (emptied by anything that may change state).
 */
const repeatable = (route: Route): boolean => route.method === "GET" && route.path === "/messages";

/**
 * One request, start to end: route, parse the body as a form whatever the method, merge the query string,
 * authenticate, run the handler, wrap the result in the envelope. Nothing a client sends can crash it:
 * anything unexpected becomes a 500 envelope and a line on stderr.
 */
export async function dispatch(rt: Runtime, table: RouteTable, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Only GET and HEAD never change state: any other request may change what a cached message fragment or a kept
  // answer shows. The cache is emptied as the request starts and again once its handler is done, since a GET
  // answered while this request waits for its body would cache what its handler then changes.
  const mutating = req.method !== "GET" && req.method !== "HEAD";
  if (mutating) rt.store.fragments.invalidate();
  try {
    const url = readTarget(req.url ?? "/");
    const method = (req.method ?? "GET").toUpperCase();
    // Upload downloads (/user_uploads/...) and the tus endpoint read their own bodies and answer in their own shapes.
    if (isUploadPath(rt, url.pathname)) {
      await serveUploadPath(rt, req, res, url.pathname);
      return;
    }
    if (serveStaticPath(req, res, url.pathname)) return;
    // The reference control (tests only, behind its secret): restarts, plan changes, the clock, work budgets,
    // throw-away organizations.
    if (isControlPath(url.pathname)) {
      await serveControl(rt, req, res, url.pathname);
      return;
    }
    const prefix = rt.faulty("fl153.server.api-v1-prefix") && url.pathname !== `${PREFIX}/server_settings` ? UNVERSIONED_PREFIX : PREFIX;
    if (!url.pathname.startsWith(`${prefix}/`)) throw notFound(`No such endpoint: ${url.pathname}`);
    // `--product zulip`: the real product's path for an endpoint the spec names differently, and none of the spec's.
    const endpoint =
      rt.config.product === "zulip" ? specEndpoint(method, url.pathname.slice(prefix.length)) : { method, path: url.pathname.slice(prefix.length) };
    const found = endpoint === null ? ({ kind: "not-found" } as const) : table.lookup(endpoint.method, endpoint.path);
    if (found.kind === "not-found") {
      if (rt.faulty("fl153.server.unknown-route")) {
        req.resume();
        sendJson(res, 200, successBody({}, []));
        return;
      }
      throw notFound(`No such endpoint: ${method} ${url.pathname}`);
    }
    if (found.kind === "method-not-allowed") {
      if (method === "OPTIONS") {
        req.resume();
        res.writeHead(204, { allow: found.allowed.join(", ") }).end();
        return;
      }
      throw rt.faulty("fl153.server.method-not-allowed") ? notFound(`No such endpoint: ${method} ${url.pathname}`) : methodNotAllowed(found.allowed);
    }
    const { route, path } = found.match;
    // Routing comes first on real servers: a route the emulated level lacks is unknown, whoever asks.
    if (!routeExists(route, rt.fl)) throw notFound(`No such endpoint: ${method} ${url.pathname}`);
    // A request without a body (most GETs) has nothing to wait for.
    const body = hasNoBody(req) ? NO_BODY : await parseBody(req, multipartFileLimit(rt));
    const merged = new Map(method === "DELETE" && rt.faulty("fl153.server.parameter-encoding") ? [] : body.fields);
    for (const [k, v] of url.query) if (!merged.has(k)) merged.set(k, v);
    if (rt.config.product === "zulip") for (const [k, v] of [...merged]) if (specName(k) !== k) merged.set(specName(k), v).delete(k);
    const params = new Params(merged, (id) => rt.faulty(id));
    const user = route.auth ? authenticate(rt, req) : undefined;
    // Rate limits count authenticated requests to routes that exist, as on real servers (401, 404 and 405 come
    // first); GET /events, served apart there, has a bucket of its own.
    if (user !== undefined) applyRateLimit(rt, res, user, route.method === "GET" && route.path === "/events" ? "events" : "api");
    // The same read by the same user, again (a body would add parameters: only requests without one).
    const answerKey = user !== undefined && method === "GET" && body === NO_BODY && repeatable(route) ? `${user.id} ${req.url ?? ""}` : undefined;
    if (answerKey !== undefined) {
      const kept = rt.store.fragments.answer(answerKey);
      if (kept !== undefined) {
        sendAnswer(res, kept);
        return;
      }
    }
    const version = rt.store.fragments.version;
    const ctx = { rt, user, params, path, files: body.files, req };
    const result = await (route.handler as (c: typeof ctx) => Promise<Record<string, unknown>>)(ctx);
    const reportsIgnored = rt.fl.has("ignoredParametersEverywhere") || (route.reportsIgnoredSince !== undefined && rt.fl.atLeast(route.reportsIgnoredSince));
    const out = successBody(result, reportsIgnored ? params.ignored() : []);
    const mislabelled: Record<string, string> = rt.faulty("fl153.server.json-response") ? { "content-type": "text/html; charset=utf-8" } : {};
    const envelope = rt.config.product === "zulip" ? toRealNames(out) : out;
    if (answerKey === undefined || !rt.store.fragments.askedBefore(answerKey)) sendJson(res, 200, envelope, mislabelled);
    else {
      const answer = jsonAnswer(200, envelope, mislabelled);
      rt.store.fragments.keepAnswer(answerKey, version, answer);
      sendAnswer(res, answer);
    }
  } catch (e) {
    // A body we did not read would corrupt the next request on this keep-alive connection.
    if (!req.readableEnded) req.resume();
    if (e instanceof ApiError) {
      if (rt.faulty("fl153.server.missing-parameter") && e.code === "REQUEST_VARIABLE_MISSING") e = badRequest(e.message);
      if (rt.faulty("fl153.errors.error-envelope")) e = new ApiError((e as ApiError).status, undefined, (e as ApiError).message, (e as ApiError).extra);
      sendError(res, e as ApiError, AUTH_REALM[rt.config.product]);
      return;
    }
    process.stderr.write(`reference-server: internal error on ${req.method} ${req.url}: ${(e as Error).stack ?? String(e)}\n`);
    sendJson(res, 500, { result: "error", msg: "Internal server error" });
  } finally {
    if (mutating) rt.store.fragments.invalidate();
  }
}
