import type { DetailedError, HttpRequest, HttpResponse } from "tus-js-client";
import type { ApiResponse, RequestOptions } from "../../src/client/client.ts";
import { redactHeaders, type Exchange } from "../../src/client/exchange.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { HarnessError } from "../../src/expect/failure.ts";
import type { PersonaRole } from "../../src/target/personas.ts";

const REQUEST_HEADERS = ["Authorization", "Tus-Resumable", "Upload-Length", "Upload-Offset", "Upload-Metadata", "Content-Type"];
const RESPONSE_HEADERS = ["Location", "Upload-Offset", "Tus-Resumable", "Content-Type"];
const TIMEOUT_MS = 30_000;

export interface TusOutcome {
  ok: boolean;
  /** The status of the last response (the completing one on success, the refusal on error); undefined without one. */
  status: number | undefined;
  body: string;
  error?: string;
  /** How many PATCH requests carried the file. */
  patches: number;
  /** The exchange of the last response, for failure messages. */
  exchange: Exchange | undefined;
}

export interface TusFile {
  data: Buffer;
  filename: string;
  filetype: string;
  chunkSize?: number;
  /** Replaces the persona's credentials (e.g. a wrong key). */
  authorization?: string;
}

/** HTTP Basic credentials of a persona, as the harness's client sends them. */
export function basicAuth(t: TestContext, role: PersonaRole): string {
  const p = t.persona(role);
  return `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;
}

function exchangeOf(req: HttpRequest, res: HttpResponse | undefined): Exchange {
  const headers: Record<string, string> = {};
  for (const h of REQUEST_HEADERS) {
    const v = req.getHeader(h);
    if (v !== undefined) headers[h.toLowerCase()] = v;
  }
  const ex: Exchange = { method: req.getMethod(), url: req.getURL(), requestHeaders: redactHeaders(headers) };
  if (req.getMethod() === "PATCH") ex.requestBody = "(file bytes)";
  if (res) {
    const resHeaders: Record<string, string> = {};
    for (const h of RESPONSE_HEADERS) {
      const v = res.getHeader(h);
      if (v) resHeaders[h.toLowerCase()] = v;
    }
    Object.assign(ex, { status: res.getStatus(), responseHeaders: resHeaders, responseBody: res.getBody() });
  }
  return ex;
}

/**
 * Uploads a file through the target's /api/v1/tus with the real tus client (tus-js-client), as the persona (null:
 * no credentials), in chunks of `chunkSize` bytes and without retries. Every request it makes joins the test's
 * exchanges. Resolves with the outcome; never rejects on an HTTP status.
 */
export async function tusUpload(t: TestContext, role: PersonaRole | null, file: TusFile): Promise<TusOutcome> {
  // Loaded here, not at the top: without the package (a devDependency) only the tests that use it stop, with a reason.
  const { Upload } = await import("tus-js-client").catch((e: unknown) => {
    throw new HarnessError(`the tus client (npm package tus-js-client) cannot be loaded: ${(e as Error).message}`);
  });
  const headers: Record<string, string> = {};
  const auth = file.authorization ?? (role === null ? undefined : basicAuth(t, role));
  if (auth !== undefined) headers.Authorization = auth;
  let patches = 0;
  let last: Exchange | undefined;
  return new Promise<TusOutcome>((resolve) => {
    const done = (o: Omit<TusOutcome, "patches" | "exchange">) => {
      clearTimeout(timer);
      resolve({ ...o, patches, exchange: last });
    };
    const upload = new Upload(file.data, {
      endpoint: new URL("/api/v1/tus", t.target.url).toString(),
      chunkSize: file.chunkSize ?? Number.POSITIVE_INFINITY,
      retryDelays: null,
      storeFingerprintForResuming: false,
      headers,
      metadata: { filename: file.filename, filetype: file.filetype },
      onBeforeRequest: (req) => {
        if (req.getMethod() === "PATCH") patches++;
      },
      onAfterResponse: (req, res) => {
        last = exchangeOf(req, res);
        t.exchanges.push(last);
      },
      onSuccess: ({ lastResponse }) => done({ ok: true, status: lastResponse.getStatus(), body: lastResponse.getBody() }),
      onError: (e: Error | DetailedError) => {
        const res = "originalResponse" in e ? e.originalResponse : null;
        done({ ok: false, status: res?.getStatus(), body: res?.getBody() ?? "", error: e.message });
      },
    });
    const timer = setTimeout(() => {
      void upload.abort();
      done({ ok: false, status: undefined, body: "", error: `no answer within ${TIMEOUT_MS} ms` });
    }, TIMEOUT_MS);
    upload.start();
  });
}

/** One raw tus request (creation, a PATCH, a HEAD) with the harness's client: `path` from the server's root. */
export function tusRequest(
  t: TestContext,
  role: PersonaRole | null,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<ApiResponse> {
  const opts: RequestOptions = { headers: { "tus-resumable": "1.0.0", ...headers } };
  if (body !== undefined) opts.rawBody = { contentType: "application/offset+octet-stream", text: body };
  return t.api(role).request(method, `/${path}`, {}, { ...opts, encoding: "query" });
}
