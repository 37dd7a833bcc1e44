import { UsageError } from "./usage.ts";

/** A --target value: an http(s) URL, kept as its origin and path without trailing slashes. */
export function checkUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new UsageError(`--target must be an http(s) URL, got '${raw}'`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new UsageError(`--target must be an http(s) URL, got '${raw}'`);
  return u.origin + u.pathname.replace(/\/+$/, "");
}
