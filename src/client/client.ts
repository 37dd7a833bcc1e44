import { Agent, FormData, request, type Dispatcher } from "undici";
import { realEndpoint, realName, toSpecNames } from "../../facts/names.ts";
import { encodeParams, type ParamMap } from "./encode.ts";
import { redactHeaders, type Exchange } from "./exchange.ts";
import { RateLimitedError, throttle as processThrottle, type Throttle } from "./rate-limit.ts";

export type Encoding = "query" | "form" | "multipart";

export interface Credentials {
  email: string;
  apiKey: string;
}

export interface RequestOptions {
  /** Where the parameters go. Default: query for GET, a form body otherwise. */
  encoding?: Encoding;
  headers?: Record<string, string>;
  /** A body sent as is (negative tests); parameters then go to the query string. */
  rawBody?: { contentType: string; text: string };
  files?: Array<{ field: string; filename: string; contentType: string; data: Uint8Array }>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Aborts the request when no answer has come this long after it went out (NetworkError.timedOut). Unlike a
   * `signal` timeout, the time a rate limit holds the request back (and a re-send after a 429) does not count.
   */
  abortAfterMs?: number;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body parsed as a JSON object, or undefined when it is not one (an HTML 404, a proxy error). */
  json: Record<string, unknown> | undefined;
  exchange: Exchange;
}

/** Receives every exchange a client makes, so a test's failure can show them. */
export type ExchangeSink = (ex: Exchange) => void;

const sharedAgent = new Agent({ keepAliveTimeout: 4_000, connections: 64 });

/** The User-Agent of this tool's requests: the client judge (src/judge) knows its own traffic by it. */
export const USER_AGENT = "chat-conformance";

/**
 * The harness's HTTP client: speaks /api/v1 with HTTP Basic `email:api_key` and encodes parameters as real
 * clients do. It never throws on an HTTP status; network failures throw NetworkError.
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly credentials: Credentials | null,
    private readonly sink: ExchangeSink = () => undefined,
    /** `zulip`: parameters go out under the real names and responses are read under the spec's (wire §17.1; the exchange keeps the real ones). */
    private readonly product: "chat" | "zulip" = "chat",
    private readonly dispatcher: Dispatcher = sharedAgent,
    /** Headers every request carries (a test's TEST_HEADER); a request's own win. */
    private readonly defaultHeaders: Readonly<Record<string, string>> = {},
    /** Where the target's rate limits are met: the process's, shared by every client, since servers limit the user. */
    private readonly throttle: Throttle = processThrottle,
  ) {}

  as(credentials: Credentials | null): ApiClient {
    return new ApiClient(this.baseUrl, credentials, this.sink, this.product, this.dispatcher, this.defaultHeaders, this.throttle);
  }

  /** How long requests of this process have been held back by rate limits so far, in ms (event waits leave it out). */
  heldMs(): number {
    return this.throttle.heldMs();
  }

  get(path: string, params: ParamMap = {}, opts: RequestOptions = {}) {
    return this.request("GET", path, params, opts);
  }
  post(path: string, params: ParamMap = {}, opts: RequestOptions = {}) {
    return this.request("POST", path, params, opts);
  }
  patch(path: string, params: ParamMap = {}, opts: RequestOptions = {}) {
    return this.request("PATCH", path, params, opts);
  }
  delete(path: string, params: ParamMap = {}, opts: RequestOptions = {}) {
    return this.request("DELETE", path, params, opts);
  }

  /**
   * `path` is relative to /api/v1 ("/messages"), or absolute from the server root when it starts with "//". For a
   * `zulip` target an endpoint the spec names differently goes to the real product's method and path.
   */
  async request(specMethod: string, specPath: string, params: ParamMap = {}, opts: RequestOptions = {}): Promise<ApiResponse> {
    const { method, path } =
      this.product === "zulip" && !specPath.startsWith("//") ? realEndpoint(specMethod, specPath) : { method: specMethod, path: specPath };
    const url = new URL(path.startsWith("//") ? path.slice(1) : `/api/v1${path}`, this.baseUrl);
    const encoding: Encoding = opts.rawBody ? "query" : (opts.encoding ?? (method === "GET" || method === "HEAD" ? "query" : "form"));
    const pairs = encodeParams(this.product === "zulip" ? renameParams(params) : params);
    const headers: Record<string, string> = { "user-agent": USER_AGENT, accept: "application/json", ...this.defaultHeaders, ...opts.headers };
    if (this.credentials) {
      headers.authorization = `Basic ${Buffer.from(`${this.credentials.email}:${this.credentials.apiKey}`).toString("base64")}`;
    }
    let body: string | FormData | undefined;
    let shownBody: string | undefined;
    if (opts.rawBody) {
      for (const [k, v] of pairs) url.searchParams.append(k, v);
      headers["content-type"] = opts.rawBody.contentType;
      body = shownBody = opts.rawBody.text;
    } else if (encoding === "query") {
      for (const [k, v] of pairs) url.searchParams.append(k, v);
    } else if (encoding === "form") {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = shownBody = new URLSearchParams(pairs).toString();
    } else {
      const form = new FormData();
      for (const [k, v] of pairs) form.append(k, v);
      for (const f of opts.files ?? []) form.append(f.field, new Blob([f.data], { type: f.contentType }), f.filename);
      body = form;
      shownBody = `(multipart) ${new URLSearchParams(pairs).toString()}${opts.files?.length ? ` + ${opts.files.length} file(s)` : ""}`;
    }
    const exchange: Exchange = { method, url: url.toString(), requestHeaders: redactHeaders(headers) };
    if (shownBody !== undefined) exchange.requestBody = shownBody;
    if (headers["content-type"]) exchange.requestContentType = headers["content-type"];
    const timeout = opts.timeoutMs ?? 30_000;
    let started = performance.now();
    /** One attempt: a 429 that the throttle waits out is sent again, and only the final answer is the test's. */
    const attempt = async () => {
      started = performance.now();
      const answerWithin = opts.abortAfterMs !== undefined ? AbortSignal.timeout(Math.max(1, opts.abortAfterMs)) : undefined;
      const signal = answerWithin && opts.signal ? AbortSignal.any([answerWithin, opts.signal]) : (answerWithin ?? opts.signal);
      try {
        const res = await request(url, {
          method: method as Dispatcher.HttpMethod,
          headers,
          // A FormData body is read as it is sent: a re-send after a 429 needs one of its own.
          body: body instanceof FormData ? cloneForm(body) : body,
          dispatcher: this.dispatcher,
          headersTimeout: timeout,
          bodyTimeout: timeout,
          signal,
        });
        const text = await res.body.text();
        const resHeaders: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) resHeaders[k] = Array.isArray(v) ? v.join(", ") : v;
        return { status: res.statusCode, headers: resHeaders, text, json: parseObject(text), durationMs: performance.now() - started };
      } catch (e) {
        if (answerWithin?.aborted) throw new AnswerTimeout(opts.abortAfterMs!);
        throw e;
      }
    };
    try {
      const res = this.credentials
        ? await this.throttle.send({ origin: url.origin, email: this.credentials.email }, method, url, opts.signal, attempt)
        : await attempt();
      Object.assign(exchange, { status: res.status, responseHeaders: res.headers, responseBody: res.text, durationMs: res.durationMs });
      this.sink(exchange);
      const json = res.json;
      return { status: res.status, headers: res.headers, text: res.text, json: json && this.product === "zulip" ? toSpecNames(json) : json, exchange };
    } catch (e) {
      // A run that cannot wait out the target's limit is neither the server's failure nor the network's.
      if (e instanceof RateLimitedError) throw e;
      exchange.error = (e as Error).message;
      exchange.durationMs = performance.now() - started;
      this.sink(exchange);
      throw new NetworkError(`${method} ${url.toString()}: ${(e as Error).message}`, exchange, e, e instanceof AnswerTimeout);
    }
  }
}

/** No answer within RequestOptions.abortAfterMs of the request going out. */
class AnswerTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

function cloneForm(form: FormData): FormData {
  const copy = new FormData();
  for (const [k, v] of form.entries()) copy.append(k, v);
  return copy;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** No HTTP response at all: the harness or the network, never the server's conformance. */
export class NetworkError extends Error {
  override name = "NetworkError";
  constructor(
    message: string,
    readonly exchange: Exchange,
    override readonly cause?: unknown,
    /** The request went out and no answer came within RequestOptions.abortAfterMs. */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

function renameParams(params: ParamMap): ParamMap {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [realName(k), v]));
}
