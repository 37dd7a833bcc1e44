import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import { setTimeout as sleep } from "node:timers/promises";
import { flatHeaders, type Observed } from "../client/observed.ts";
import type { QuirkAnswer, QuirkHook, TakeOver } from "../quirks/hook.ts";

/**
 * The pass-through half of the proxy: every request goes to the target as it came and every answer back as it
 * came, streamed both ways (an upload is never held to be forwarded). Copies of small bodies are taken beside the
 * stream for the checker, which sees each exchange only after the client has its answer, so checking never delays
 * traffic.
 *
 * Only hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded, as every HTTP intermediary must; `Host` becomes the
 * target's, so that real servers (virtual hosts, a realm per subdomain) accept the request.
 */

/** A JSON answer larger than this is forwarded but not checked (a register of a big organization is a few MB). */
export const CHECK_CAP_BYTES = 32 * 1024 * 1024;
/** Request bodies copied for the checker: forms and JSON up to this size; uploads never. */
const REQUEST_COPY_BYTES = 256 * 1024;

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "expect",
  "host",
]);

function forwardable(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k) && !named.has(k)) out[k] = v;
  return out;
}

const isJsonType = (ct: string | undefined) => ct !== undefined && /^application\/(?:[\w.+-]*\+)?json\b/i.test(ct.trim());
const isCopyableRequest = (ct: string | undefined) =>
  ct !== undefined && (/^application\/x-www-form-urlencoded\b/i.test(ct) || isJsonType(ct) || /^multipart\/form-data\b/i.test(ct));

/**
 * A change the proxy makes to one exchange, for the few requests outside the API whose bodies name addresses (the
 * reference control's throw-away organizations): both bodies are then read whole (they are small JSON) instead of
 * streamed. `request` gets the client's body and returns what goes to the target; `response` gets the target's
 * status and body and returns what goes to the client.
 */
export interface Rewrite {
  request?: (body: Buffer) => Buffer;
  response?: (status: number, body: Buffer) => Promise<Buffer>;
}

export interface ForwarderOptions {
  /** The target's origin and path prefix, without a trailing slash ("https://chat.example.org"). */
  target: string;
  /** Each exchange, once its answer has gone to the client (or failed). */
  onExchange: (ex: Observed) => void;
  /** Extra certificate authorities for an https target (a test's own; the CLI honours NODE_EXTRA_CA_CERTS). */
  ca?: string | Buffer;
  /** The exchanges to change, by method and path (see Rewrite); undefined: passed through untouched. */
  rewrite?: (method: string, path: string) => Rewrite | undefined;
  /** The wire quirks (src/quirks), asked about each request before it is forwarded; undefined: none. */
  quirks?: QuirkHook;
}

export interface Forwarder {
  server: Server;
  url: string;
  close: () => Promise<void>;
}

/** Starts the pass-through server on host:port (0: a free one). */
export async function startForwarder(o: ForwarderOptions, host: string, port: number): Promise<Forwarder> {
  // Long-polls and large transfers take as long as they take: the client decides when to give up, and its
  // disconnect aborts the upstream request.
  const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 30_000, ...(o.ca !== undefined ? { connect: { ca: o.ca } } : {}) });
  const server = createServer({ requestTimeout: 0, keepAliveTimeout: 30_000 }, (req, res) => {
    forward(req, res).catch((e: unknown) => {
      // A fault of the proxy itself must cost one exchange, never the process and every other client's traffic.
      process.emitWarning(`chat-conformance proxy: forwarding ${req.method} ${req.url} failed: ${describeError(e)}`);
      if (!res.headersSent && !res.destroyed)
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8" }).end("chat-conformance proxy: internal error\n");
      else res.destroy();
    });
  });

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rewrite = o.rewrite?.(req.method ?? "GET", req.url ?? "/");
    if (rewrite) return rewritten(req, res, rewrite);
    const started = performance.now();
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    const targetUrl = o.target + path;
    const contentType = req.headers["content-type"];
    // On the clock durationMs is measured by, to the fraction of a millisecond: the client judge compares a request's
    // start with the previous answer's end, which a client on the same host follows within the millisecond.
    const startedAt = performance.timeOrigin + started;
    const ex: Observed = { method, path, targetUrl, requestHeaders: flatHeaders(req.headers), startedAt, durationMs: 0 };
    if (contentType !== undefined) ex.requestContentType = contentType;
    const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    const length = Number(req.headers["content-length"] ?? NaN);
    const copyRequest = hasBody && isCopyableRequest(contentType) && (!/^multipart\//i.test(contentType ?? "") || length <= REQUEST_COPY_BYTES);
    const reqChunks: Buffer[] = [];
    let reqBytes = 0;
    const abort = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    async function* body(): AsyncGenerator<Buffer> {
      for await (const chunk of req as AsyncIterable<Buffer>) {
        if (copyRequest && reqBytes + chunk.length <= REQUEST_COPY_BYTES) reqChunks.push(chunk);
        reqBytes += chunk.length;
        yield chunk;
      }
    }
    const done = () => {
      ex.durationMs = performance.now() - started;
      if (reqChunks.length && reqBytes <= REQUEST_COPY_BYTES) ex.requestBody = Buffer.concat(reqChunks);
      o.quirks?.seen?.(ex);
      o.onExchange(ex);
    };
    // A quirk may hold the request, answer it itself, or watch it on its way (src/quirks/hook.ts).
    const plan = o.quirks?.plan({ method, path, headers: req.headers }) ?? {};
    if (plan.quirk !== undefined) ex.quirk = plan.quirk;
    if (plan.delayMs) await sleep(plan.delayMs, undefined, { signal: abort.signal }).catch(() => undefined);
    if (abort.signal.aborted) return void req.resume();
    const answerWith = async (a: QuirkAnswer, unread: boolean) => {
      // A body nobody forwarded is still read, for the copy the judge sees; one already on its way is left to go.
      if (unread) for await (const chunk of body()) void chunk;
      else req.resume();
      ex.status = a.status;
      ex.responseHeaders = { ...a.headers };
      if (isJsonType(a.headers["content-type"])) ex.responseBody = Buffer.from(a.body);
      if (!res.destroyed) res.writeHead(a.status, { ...a.headers, "content-length": String(Buffer.byteLength(a.body)) }).end(a.body);
      done();
    };
    if (plan.answer) return answerWith(plan.answer, true);
    let took: TakeOver | undefined;
    let answered = false;
    const stopWatch = plan.watch?.((t) => {
      if (answered || took !== undefined || abort.signal.aborted || res.headersSent || res.destroyed) return false;
      took = t;
      abort.abort();
      return true;
    });
    const takenOver = async (t: TakeOver) => {
      stopWatch?.();
      ex.quirk = t.quirk;
      if (t.answer) return answerWith(t.answer, false);
      req.resume();
      ex.error = `the connection was closed by the ${t.quirk} quirk before any answer`;
      res.destroy();
      done();
    };
    let up;
    try {
      up = await request(targetUrl, {
        method: method as "GET",
        headers: forwardable(req.headers),
        body: hasBody ? Readable.from(body(), { objectMode: false }) : null,
        dispatcher: agent,
        signal: abort.signal,
      });
    } catch (e) {
      if (took) return takenOver(took);
      stopWatch?.();
      req.resume();
      // The client hung up before the target answered (a long-poll it gave up, an app closing): nothing to check.
      if (abort.signal.aborted) return;
      ex.error = describeError(e);
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
        res.end(`chat-conformance proxy: no answer from ${o.target}: ${ex.error}\n`);
      }
      done();
      return;
    }
    if (took) {
      up.body.destroy();
      return takenOver(took);
    }
    answered = true;
    stopWatch?.();
    ex.status = up.statusCode;
    ex.responseHeaders = { ...flatHeaders(up.headers), ...plan.headers };
    const resHeaders = { ...forwardable(up.headers), ...plan.headers };
    res.writeHead(up.statusCode, resHeaders);
    const copyResponse = isJsonType(ex.responseHeaders["content-type"]);
    const resChunks: Buffer[] = [];
    let resBytes = 0;
    const bodyStream = up.body;
    if (copyResponse) {
      bodyStream.on("data", (chunk: Buffer) => {
        if (resBytes + chunk.length <= CHECK_CAP_BYTES) resChunks.push(chunk);
        resBytes += chunk.length;
      });
    }
    // pipeline streams with backpressure and tears both ends down on an error or an early disconnect.
    await pipeline(bodyStream, res).catch((e: unknown) => {
      // A client that hung up aborted the upstream request itself: that is its choice, not the target's failure.
      if (!abort.signal.aborted) ex.error = `the answer broke off: ${describeError(e)}`;
    });
    if (copyResponse) {
      if (resBytes > CHECK_CAP_BYTES) ex.responseTooLarge = true;
      else ex.responseBody = Buffer.concat(resChunks);
    }
    done();
  }

  /** An exchange with a Rewrite: both bodies whole, each changed on its way (no checks: these are not API calls). */
  async function rewritten(req: IncomingMessage, res: ServerResponse, rw: Rewrite): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
    const inBody = Buffer.concat(chunks);
    const outBody = rw.request ? rw.request(inBody) : inBody;
    const headers = forwardable(req.headers);
    delete headers["content-length"];
    let up;
    try {
      up = await request(o.target + (req.url ?? "/"), {
        method: (req.method ?? "GET") as "GET",
        headers: { ...headers, "content-length": String(outBody.length) },
        body: outBody,
        dispatcher: agent,
      });
    } catch (e) {
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8" }).end(`chat-conformance proxy: no answer from ${o.target}: ${describeError(e)}\n`);
      return;
    }
    const body = Buffer.from(await up.body.arrayBuffer());
    const resHeaders = forwardable(up.headers);
    // A compressed body is passed on as it came: only plain JSON is read.
    const answer = rw.response && up.headers["content-encoding"] === undefined ? await rw.response(up.statusCode, body) : body;
    delete resHeaders["content-length"];
    res.writeHead(up.statusCode, { ...resHeaders, "content-length": String(answer.length) }).end(answer);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const shownHost = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    server,
    url: `http://${shownHost}:${addr.port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open long-polls would hold the close for up to a minute; the client reconnects to whatever comes next.
        server.closeAllConnections();
      });
      await agent.close().catch(() => undefined);
    },
  };
}

/** One line for a failed upstream request: undici's error codes say what a person needs (refused, not HTTP, reset). */
function describeError(e: unknown): string {
  const err = (e ?? {}) as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
  // Codes are strings on system and undici errors, numbers on DOMExceptions (an abort): only strings name a cause.
  const code = typeof err.code === "string" ? err.code : undefined;
  const message = typeof err.message === "string" ? err.message : String(e);
  const cause = (err.cause ?? {}) as { code?: unknown; message?: unknown };
  if (typeof cause.code === "string") return `${cause.code}${typeof cause.message === "string" && cause.message ? ` (${cause.message})` : ""}`;
  if (code?.startsWith("HPE_") || err.name === "HTTPParserError") return `the target did not answer in HTTP (${code ?? "HTTPParserError"}: ${message})`;
  return `${code ?? (typeof err.name === "string" ? err.name : "Error")}: ${message}`;
}
