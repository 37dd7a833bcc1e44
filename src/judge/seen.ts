import { realEndpoint } from "../../facts/names.ts";
import type { Exchange } from "../client/exchange.ts";
import { toExchange, type Observed } from "../client/observed.ts";
import { readParams, responseText } from "../client/observed-params.ts";

/**
 * One exchange of a client as the rules read it: the request's method, API path and parameters, the answer's
 * status and the few fields of its JSON the rules need, and when it started and ended. The bodies are not kept (a
 * session may be long and a register answer megabytes): `exchange()` renders the report's form of the exchange,
 * clipped, while the Observed record is still at hand, so a rule calls it when the exchange is the one it names.
 */
export interface Seen {
  /** The method and the path under /api/v1 without the query, in the real product's names ("/events"). */
  method: string;
  path: string;
  /** "GET /events", for grouping and for messages. */
  request: string;
  params: ReadonlyMap<string, string>;
  /** All of the request's parameters were read (the body was copied and readable). */
  paramsComplete: boolean;
  /** The HTTP status; undefined when no complete answer came (a cut connection, a target that did not answer). */
  status: number | undefined;
  /** The answer broke off or never came. */
  cut: boolean;
  /** The parsed JSON answer, when it was JSON and copied, of the answers the rules read (READ_PATHS, and errors). */
  json: Record<string, unknown> | undefined;
  /** The answer was JSON but not copied (over the proxy's cap): its fields are unknown. */
  unread: boolean;
  responseHeaders: Readonly<Record<string, string>>;
  start: number;
  end: number;
  quirk: string | undefined;
  exchange: () => Exchange;
}

const API = "/api/v1";

/** The paths whose successful answers the rules read (queues, events, the level); error answers are read on any path. */
const READ_PATHS: ReadonlySet<string> = new Set(["/register", "/events", "/server_settings"]);

/** The exchange as the rules read it, or undefined when it is no API request (a page, a file, the reference control). */
export async function toSeen(ex: Observed, product: "chat" | "zulip"): Promise<Seen | undefined> {
  const pathOnly = ex.path.split("?")[0]!;
  if (!pathOnly.startsWith(`${API}/`)) return undefined;
  const apiPath = pathOnly.slice(API.length);
  // A chat target's endpoints are turned into the real product's: the API description speaks those.
  const real = product === "zulip" ? { method: ex.method, path: apiPath } : realEndpoint(ex.method, apiPath);
  // Only the answers a rule reads are parsed: a session's GET /messages pages are the checker's business.
  const read = READ_PATHS.has(real.path) || (ex.status ?? 0) >= 400;
  const text = read ? responseText(ex) : undefined;
  let json: Record<string, unknown> | undefined;
  if (text !== undefined) {
    try {
      const v: unknown = JSON.parse(text);
      if (v !== null && typeof v === "object" && !Array.isArray(v)) json = v as Record<string, unknown>;
    } catch {
      json = undefined;
    }
  }
  const params = await readParams(ex);
  let rendered: Exchange | undefined;
  return {
    method: real.method,
    path: real.path,
    request: `${ex.method} ${apiPath}`,
    params: params.values,
    paramsComplete: params.complete,
    status: ex.status,
    cut: ex.status === undefined || ex.error !== undefined,
    json,
    unread: ex.responseTooLarge === true || (read && json === undefined && /json/i.test(ex.responseHeaders?.["content-type"] ?? "")),
    responseHeaders: ex.responseHeaders ?? {},
    start: ex.startedAt,
    end: ex.startedAt + ex.durationMs,
    quirk: ex.quirk,
    exchange: () => (rendered ??= toExchange(ex, text ?? responseText(ex))),
  };
}

/** The error code of a JSON error answer ("BAD_EVENT_QUEUE_ID"), when it has one. */
export const codeOf = (s: Seen): string | undefined => (s.json?.result === "error" && typeof s.json.code === "string" ? s.json.code : undefined);

/** A successful JSON answer. */
export const succeeded = (s: Seen): boolean => s.status === 200 && s.json?.result === "success";

export const isPoll = (s: Seen): boolean => s.method === "GET" && s.path === "/events";

export const isRegister = (s: Seen): boolean => s.method === "POST" && s.path === "/register";

/** The feature level an answer gives (server_settings and register; either spelling), if any. */
export function levelIn(s: Seen): number | undefined {
  if (!succeeded(s) && !(s.status === 200 && s.json !== undefined && s.json.result === undefined)) return undefined;
  const fl = s.json?.zulip_feature_level ?? s.json?.chat_feature_level;
  return typeof fl === "number" && Number.isInteger(fl) ? fl : undefined;
}

/**
 * What a failure says of the answer the client reacted to when a quirk made it (Pebble's rule: say every time), so
 * that a client developer knows which quirk to replay: " (made by the queue-expiry quirk)".
 */
export const byQuirk = (s: Seen): string => (s.quirk ? ` (made by the ${s.quirk} quirk)` : "");

/** Milliseconds, for messages: "312 ms", "4.2 s". */
export const ms = (n: number): string => (Math.abs(n) >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`);
