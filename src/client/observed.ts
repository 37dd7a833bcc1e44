import { redactHeaders, type Exchange } from "./exchange.ts";

/**
 * One request and its answer as the proxy (or the forwarder in front of serve --quirks) saw them on the way through.
 * It sits in client/ so that the client judge (src/judge), which is below the proxy, reads the same record. The
 * bodies are copies taken beside the stream (never what was forwarded): the request's only when it is a small form
 * or JSON body, the response's only when it is JSON and under the size cap, decompressed when the target compressed it.
 */
export interface Observed {
  method: string;
  /** The path and query as the client sent them to the proxy ("/api/v1/messages?anchor=newest"). */
  path: string;
  /** The URL the proxy asked the target for. */
  targetUrl: string;
  requestHeaders: Record<string, string>;
  requestContentType?: string;
  /** The request body as text, when it was small enough and not a file upload. */
  requestBody?: Buffer;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** The response body, when it was JSON and at most the cap. */
  responseBody?: Buffer;
  /** The response was JSON but larger than the cap, so it was not checked. */
  responseTooLarge?: boolean;
  /** Why no (complete) answer came: the target unreachable, not speaking HTTP, the connection cut. */
  error?: string;
  /**
   * When the request arrived, in milliseconds since the epoch (fractional, on the clock of durationMs): the client
   * judge reads the gaps between requests.
   */
  startedAt: number;
  durationMs: number;
  /** The quirk that shaped this exchange (src/quirks), when one fired: the judge reads what the client did next. */
  quirk?: string;
}

/** Flattens node/undici header values into one string per name (repeated headers joined as HTTP allows). */
export function flatHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

const MAX_BODY = 4000;
/**
 * A body cut to MAX_BODY characters, copied through a buffer: a plain slice of a string may keep the whole of it
 * alive (V8's sliced strings), and a kept exchange must not hold a register answer of megabytes.
 */
const clip = (s: string | undefined) =>
  s !== undefined && s.length > MAX_BODY ? `${Buffer.from(s.slice(0, MAX_BODY), "utf8").toString("utf8")}… (${s.length} chars)` : s;

/** The report's form of an exchange: credentials shown as the account only, bodies clipped. */
export function toExchange(ex: Observed, responseText: string | undefined): Exchange {
  const out: Exchange = {
    method: ex.method,
    url: ex.targetUrl,
    requestHeaders: redactHeaders(ex.requestHeaders),
    durationMs: Math.round(ex.durationMs * 1000) / 1000,
  };
  if (ex.requestContentType !== undefined) out.requestContentType = ex.requestContentType;
  if (ex.requestBody !== undefined)
    out.requestBody = /^multipart\//i.test(ex.requestContentType ?? "") ? "(multipart form)" : clip(ex.requestBody.toString("utf8"));
  if (ex.status !== undefined) out.status = ex.status;
  if (ex.responseHeaders) out.responseHeaders = ex.responseHeaders;
  if (responseText !== undefined) out.responseBody = clip(responseText);
  if (ex.error !== undefined) out.error = ex.error;
  return out;
}
