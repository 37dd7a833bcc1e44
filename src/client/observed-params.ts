import busboy from "busboy";
import { gunzipSync, inflateSync, brotliDecompressSync } from "node:zlib";
import type { Observed } from "../client/observed.ts";

/**
 * What a request asked for, read from the copies the forwarder kept: the query string and the form fields (a
 * form-urlencoded or multipart body; files are skipped), all as raw strings, as the API encodes them (JSON text
 * for non-strings). `complete` is false when the body was not copied (too large, an upload) or not readable, so
 * checks that need every parameter know not to guess.
 */
export interface RequestParams {
  values: Map<string, string>;
  /** Names of file parts of a multipart body. */
  files: string[];
  complete: boolean;
}

export async function readParams(ex: Observed): Promise<RequestParams> {
  const values = new Map<string, string>();
  const q = ex.path.indexOf("?");
  if (q >= 0) for (const [k, v] of new URLSearchParams(ex.path.slice(q + 1))) values.set(k, v);
  const ct = ex.requestContentType ?? "";
  const sent = ex.requestHeaders["transfer-encoding"] !== undefined || Number(ex.requestHeaders["content-length"] ?? 0) > 0;
  if (!sent) return { values, files: [], complete: true };
  if (!ex.requestBody) return { values, files: [], complete: false };
  if (/^application\/x-www-form-urlencoded\b/i.test(ct)) {
    for (const [k, v] of new URLSearchParams(ex.requestBody.toString("utf8"))) values.set(k, v);
    return { values, files: [], complete: true };
  }
  if (/^multipart\/form-data\b/i.test(ct)) {
    const files: string[] = [];
    const ok = await new Promise<boolean>((resolve) => {
      try {
        const bb = busboy({ headers: { "content-type": ct }, defParamCharset: "utf8" });
        bb.on("field", (name, value) => values.set(name, value));
        bb.on("file", (name, stream) => {
          files.push(name);
          stream.resume();
        });
        bb.on("close", () => resolve(true));
        bb.on("error", () => resolve(false));
        bb.end(ex.requestBody);
      } catch {
        resolve(false);
      }
    });
    return { values, files, complete: ok };
  }
  return { values, files: [], complete: false };
}

/** The response body as text, decompressed as its Content-Encoding says; undefined when it cannot be read. */
export function responseText(ex: Observed): string | undefined {
  if (!ex.responseBody) return undefined;
  const enc = (ex.responseHeaders?.["content-encoding"] ?? "").trim().toLowerCase();
  try {
    if (enc === "" || enc === "identity") return ex.responseBody.toString("utf8");
    if (enc === "gzip" || enc === "x-gzip") return gunzipSync(ex.responseBody).toString("utf8");
    if (enc === "deflate") return inflateSync(ex.responseBody).toString("utf8");
    if (enc === "br") return brotliDecompressSync(ex.responseBody).toString("utf8");
  } catch {
    return undefined;
  }
  return undefined;
}

/** The account a request is made as: the email of its Basic credentials, or "anonymous". */
export function whoOf(headers: Record<string, string>): string {
  const auth = headers.authorization;
  if (!auth || !/^basic /i.test(auth)) return "anonymous";
  const decoded = Buffer.from(auth.slice(6), "base64").toString("utf8");
  return decoded.split(":")[0] || "anonymous";
}

/** client_capabilities as the register request sent it (JSON text of an object of booleans); {} when absent or unreadable. */
export function capabilitiesOf(raw: string | undefined): Record<string, boolean> {
  if (raw === undefined) return {};
  try {
    const v: unknown = JSON.parse(raw);
    if (v === null || typeof v !== "object" || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, b]) => [k, b === true]));
  } catch {
    return {};
  }
}
