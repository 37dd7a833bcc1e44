/** One request and its response, as a test made it: the evidence a failure message shows. */
export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** The body as sent (form text), or a note for multipart. */
  requestBody?: string;
  requestContentType?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  durationMs?: number;
  /** A network-level error (no response). */
  error?: string;
}

const SECRET_HEADERS = new Set(["authorization", "cookie"]);

/** Credentials never leave the harness: the Authorization header is shown as the persona's email only. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (!SECRET_HEADERS.has(k.toLowerCase())) out[k] = v;
    else if (/^basic /i.test(v)) {
      const decoded = Buffer.from(v.slice(6), "base64").toString("utf8");
      out[k] = `Basic <${decoded.split(":")[0]}:API_KEY>`;
    } else out[k] = "<redacted>";
  }
  return out;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl line that repeats the request; the API key stays a placeholder ($API_KEY). */
export function toCurl(ex: Exchange): string {
  const parts = ["curl", "-sS", "-X", ex.method, shellQuote(ex.url)];
  for (const [k, v] of Object.entries(ex.requestHeaders)) {
    const m = /^Basic <(.*):API_KEY>$/.exec(v);
    if (k.toLowerCase() === "authorization" && m) parts.push("-u", `"${m[1]}:$API_KEY"`);
    else if (k.toLowerCase() !== "content-length") parts.push("-H", shellQuote(`${k}: ${v}`));
  }
  if (ex.requestBody !== undefined && ex.requestBody !== "") parts.push("--data-raw", shellQuote(ex.requestBody));
  return parts.join(" ");
}

const clip = (s: string | undefined, max: number) => (s === undefined ? "" : s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s);

export function describeExchange(ex: Exchange, maxBody = 2000): string {
  const lines = [`> ${ex.method} ${ex.url}`];
  if (ex.requestBody) lines.push(`> ${clip(ex.requestBody, maxBody)}`);
  if (ex.error) lines.push(`< (no response: ${ex.error})`);
  else lines.push(`< ${ex.status} ${clip(ex.responseBody, maxBody).trimEnd()}`);
  return lines.join("\n");
}
