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
