import type { IncomingMessage, ServerResponse } from "node:http";
import type { User } from "../state/types.ts";
import type { Route, Runtime } from "../runtime.ts";
import { authenticate } from "./auth.ts";
import { hasNoBody, NO_BODY, parseBody, type UploadedFile } from "./body.ts";
import { jsonAnswer, sendAnswer, sendError, sendHtmlNotFound, sendJson, successBody } from "./envelope.ts";
import { ApiError, badRequest, methodNotAllowed, notFound, withoutCode } from "../errors/registry.ts";
import { TextMemo } from "./memo.ts";
import type { Mount } from "./mount.ts";
import { Params } from "./params.ts";
import { applyRateLimit } from "./apply-rate-limit.ts";
import { AUTH_REALM, specEndpoint, specName, toRealNames } from "../../facts/names.ts";
import { routeExists } from "./route-exists.ts";
import { laterNames } from "../zulip-levels.ts";
import type { Match, RouteTable } from "./router.ts";

/** What server.ts serves: the API's route table, the mounts offered each request first, the largest file a body may carry. */
export interface HttpApp {
  routes: RouteTable;
  mounts: readonly Mount[];
  fileLimit(rt: Runtime): number;
}

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
 * side effect): the same request again, with nothing changed in between, gets the same bytes, kept by the answer
 * cache under its rule (emptied by anything that may change state).
 */
const repeatable = (route: Route): boolean => route.method === "GET" && route.path === "/messages";

/** One request as the stages after routing see it. */
interface Incoming {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  target: Target;
}

/**
 * One request, start to end, as a pipeline of stages: a mount claims it, or it is routed, its parameters read,
 * its user admitted, then answered from the answer cache or by its handler inside the envelope. Each fault that
 * bends the wire is applied in the one stage it bends. Nothing a client sends can crash it: anything unexpected
 * becomes a 500 envelope and a line on stderr.
 */
export async function dispatch(rt: Runtime, app: HttpApp, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Only GET and HEAD never change state: any other request may change what a cached message fragment or a kept
  // answer shows. The cache is emptied as the request starts and again once its handler is done, since a GET
  // answered while this request waits for its body would cache what its handler then changes.
  const mutating = req.method !== "GET" && req.method !== "HEAD";
  if (mutating) rt.store.fragments.invalidate();
  try {
    const r: Incoming = { req, res, method: (req.method ?? "GET").toUpperCase(), target: readTarget(req.url ?? "/") };
    const mount = app.mounts.find((m) => m.claims(rt, r.target.pathname));
    if (mount !== undefined) {
      await mount.serve(rt, req, res, r.target.pathname);
      return;
    }
    const match = route(rt, app.routes, r);
    if (match === undefined) return;
    const { params, files, bodiless } = await readParameters(rt, app, r);
    const user = admit(rt, r, match.route);
    // The same read by the same user, again (a body would add parameters: only requests without one).
    const answerKey = user !== undefined && r.method === "GET" && bodiless && repeatable(match.route) ? `${user.id} ${req.url ?? ""}` : undefined;
    if (answerKey !== undefined && answerFromCache(rt, r, answerKey)) return;
    await answer(rt, r, match, { user, params, files, answerKey });
  } catch (e) {
    fail(rt, req, res, e);
  } finally {
    if (mutating) rt.store.fragments.invalidate();
  }
}

/**
 * Routing: the version prefix, the real product's path under `--product zulip`, then the table; 404, 405 and the
 * OPTIONS answer, and a route the emulated level lacks. Undefined when the request is answered here. Faults:
 * fl153.server.api-v1-prefix, fl153.server.unknown-route, fl153.server.method-not-allowed.
 */
function route(rt: Runtime, table: RouteTable, r: Incoming): Match | undefined {
  const { req, res, method, target } = r;
  const prefix = rt.faulty("fl153.server.api-v1-prefix") && target.pathname !== `${PREFIX}/server_settings` ? UNVERSIONED_PREFIX : PREFIX;
  if (!target.pathname.startsWith(`${prefix}/`)) throw notFound(`No such endpoint: ${target.pathname}`);
  // `--product zulip`: the real product's path for an endpoint the spec names differently, and none of the spec's.
  const endpoint =
    rt.config.product === "zulip" ? specEndpoint(method, target.pathname.slice(prefix.length)) : { method, path: target.pathname.slice(prefix.length) };
  const found = endpoint === null ? ({ kind: "not-found" } as const) : table.lookup(endpoint.method, endpoint.path);
  if (found.kind === "not-found") {
    if (rt.faulty("fl153.server.unknown-route")) {
      req.resume();
      sendJson(res, 200, successBody({}, []));
      return undefined;
    }
    return unknownEndpoint(rt, r);
  }
  if (found.kind === "method-not-allowed") {
    if (method === "OPTIONS") {
      req.resume();
      res.writeHead(204, { allow: found.allowed.join(", ") }).end();
      return undefined;
    }
    throw rt.faulty("fl153.server.method-not-allowed") ? notFound(`No such endpoint: ${method} ${target.pathname}`) : methodNotAllowed(found.allowed);
  }
  // Routing comes first on real servers: a route the emulated level lacks is unknown, whoever asks.
  if (!routeExists(found.match.route, rt.fl, rt.config.product)) return unknownEndpoint(rt, r);
  return found.match;
}

/** A path under the prefix that names no endpoint at the level: the spec's 404 envelope, or Zulip's HTML page (wire §1). */
function unknownEndpoint(rt: Runtime, { req, res, method, target }: Incoming): undefined {
  if (rt.config.product !== "zulip") throw notFound(`No such endpoint: ${method} ${target.pathname}`);
  req.resume();
  sendHtmlNotFound(res);
  return undefined;
}

/**
 * The parameters: the body read as a form whatever the method, then the query string's for names the body lacks,
 * under the spec's names. Fault: fl153.server.parameter-encoding (a DELETE's body is not read).
 */
async function readParameters(
  rt: Runtime,
  app: HttpApp,
  { req, method, target }: Incoming,
): Promise<{ params: Params; files: readonly UploadedFile[]; bodiless: boolean }> {
  // A request without a body (most GETs) has nothing to wait for.
  const body = hasNoBody(req) ? NO_BODY : await parseBody(req, app.fileLimit(rt));
  const merged = new Map(method === "DELETE" && rt.faulty("fl153.server.parameter-encoding") ? [] : body.fields);
  for (const [k, v] of target.query) if (!merged.has(k)) merged.set(k, v);
  if (rt.config.product === "zulip") for (const [k, v] of [...merged]) if (specName(k) !== k) merged.set(specName(k), v).delete(k);
  return { params: new Params(merged, (id) => rt.faulty(id)), files: body.files, bodiless: body === NO_BODY };
}

/**
 * Who asks: the route's credentials, then the rate limit. Limits count authenticated requests to routes that
 * exist, as on real servers (401, 404 and 405 come first); GET /events, served apart there, has a bucket of its own.
 */
function admit(rt: Runtime, { req, res }: Incoming, route: Route): User | undefined {
  const user = route.auth ? authenticate(rt, req) : undefined;
  if (user !== undefined) applyRateLimit(rt, res, user, route.method === "GET" && route.path === "/events" ? "events" : "api");
  return user;
}

/** Sends the kept answer to a read asked again with nothing changed since; false when there is none. */
function answerFromCache(rt: Runtime, { res }: Incoming, answerKey: string): boolean {
  const kept = rt.answers.answer(answerKey);
  if (kept === undefined) return false;
  sendAnswer(res, kept);
  return true;
}

/**
 * The handler's result inside the success envelope, with the ignored parameters where the level reports them, under
 * the real product's names for `--product zulip`; kept by the answer cache when the read repeats. Fault:
 * fl153.server.json-response (the answer labelled as HTML).
 */
async function answer(
  rt: Runtime,
  { req, res }: Incoming,
  { route, path }: Match,
  { user, params, files, answerKey }: { user: User | undefined; params: Params; files: readonly UploadedFile[]; answerKey: string | undefined },
): Promise<void> {
  const version = rt.answers.version;
  const ctx = { rt, user, params, path, files, req };
  const result = await (route.handler as (c: typeof ctx) => Promise<Record<string, unknown>>)(ctx);
  const reportsIgnored = rt.fl.has("ignoredParametersEverywhere") || (route.reportsIgnoredSince !== undefined && rt.fl.atLeast(route.reportsIgnoredSince));
  const out = successBody(result, reportsIgnored ? params.ignored() : []);
  const mislabelled: Record<string, string> = rt.faulty("fl153.server.json-response") ? { "content-type": "text/html; charset=utf-8" } : {};
  const envelope = rt.config.product === "zulip" ? toRealNames(out, laterNames(rt.fl)) : out;
  if (answerKey === undefined || !rt.answers.askedBefore(answerKey)) sendJson(res, 200, envelope, mislabelled);
  else {
    const kept = jsonAnswer(200, envelope, mislabelled);
    rt.answers.keepAnswer(answerKey, version, kept);
    sendAnswer(res, kept);
  }
}

/**
 * A request that failed: an ApiError as the error envelope, anything else as a 500 and a line on stderr. Faults:
 * fl153.server.missing-parameter (a missing parameter reported as a plain bad request), fl153.errors.error-envelope
 * (the error without its code).
 */
function fail(rt: Runtime, req: IncomingMessage, res: ServerResponse, e: unknown): void {
  // A body we did not read would corrupt the next request on this keep-alive connection.
  if (!req.readableEnded) req.resume();
  if (e instanceof ApiError) {
    let error = e;
    if (rt.faulty("fl153.server.missing-parameter") && error.code === "REQUEST_VARIABLE_MISSING") error = badRequest(error.message);
    if (rt.faulty("fl153.errors.error-envelope")) error = withoutCode(error);
    sendError(res, error, AUTH_REALM[rt.config.product]);
    return;
  }
  process.stderr.write(`reference-server: internal error on ${req.method} ${req.url}: ${(e as Error).stack ?? String(e)}\n`);
  sendJson(res, 500, { result: "error", msg: "Internal server error" });
}
