import { randomBytes } from "node:crypto";
import { UPLOAD_REALM_ID } from "../../state/uploads.ts";

const FALLBACK_NAME = "uploaded-file";

/**
 * The name a file is stored under, the FL286 `filename`: the client's file name without any directory part, as real
 * servers keep it (empty, `.` and `..` become `uploaded-file`).
 */
export function storedName(clientName: string): string {
  const base = clientName.split(/[\\/]/).pop() ?? "";
  return base === "" || base === "." || base === ".." ? FALLBACK_NAME : base;
}

/**
 * The last segment of an upload's address, before percent-encoding: letters, digits, `_`, `.` and `-` kept (Unicode
 * letters too), other characters dropped, runs of spaces and dashes turned into one dash. This is why `filename`
 * keeps more of the original name than the address does.
 */
export function addressName(name: string): string {
  const cleaned = name
    .normalize("NFKC")
    .replace(/[^\p{L}\p{M}\p{N}_\s.-]/gu, "")
    .trim()
    .replace(/[-\s]+/g, "-");
  return cleaned === "" || cleaned === "." || cleaned === ".." ? FALLBACK_NAME : cleaned;
}

/** A fresh address after `/user_uploads/`: `<realm_id>/<2 hex>/<24 random url-safe characters>/<name>`. */
export function newUploadPath(name: string): string {
  const bucket = randomBytes(1).toString("hex");
  const token = randomBytes(18).toString("base64url");
  return `${UPLOAD_REALM_ID}/${bucket}/${token}/${encodeURIComponent(addressName(name))}`;
}

/** The content type to serve: the one the client gave, else application/octet-stream. */
export function contentTypeOf(given: string | null | undefined): string {
  const t = (given ?? "").trim();
  return /^[\w.+-]+\/[\w.+-]+/.test(t) ? t : "application/octet-stream";
}
