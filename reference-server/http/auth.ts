import type { IncomingMessage } from "node:http";
import type { Runtime } from "../runtime.ts";
import type { User } from "../state/types.ts";
import { badRequest, unauthorized, basicAuthRequired } from "../errors/registry.ts";
import { TextMemo } from "./memo.ts";

const API_KEY = /^[A-Za-z0-9]{32}$/;

/** What an Authorization header says, read once per distinct header: a scheme that is not Basic, or its pair. */
type Decoded = { scheme: "other" } | { scheme: "basic"; email: string; key: string };

/**
 * Headers already decoded, by their text: a client sends the same header with every request, and decoding is a
 * pure function of it (the user is still looked up each time, so a changed key or a deactivation counts at once).
 */
const decodedHeaders = new TextMemo<Decoded>(1000, 1024);

function decode(header: string): Decoded {
  return decodedHeaders.of(header, () => {
    const m = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
    if (!m) throw unauthorized("Invalid authorization header for basic auth");
    if (m[1]!.toLowerCase() !== "basic") return { scheme: "other" };
    const decoded = Buffer.from(m[2]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw unauthorized("Invalid authorization header for basic auth");
    return { scheme: "basic", email: decoded.slice(0, colon).trim(), key: decoded.slice(colon + 1).trim() };
  });
}

/** HTTP Basic `email:api_key` (wire §2). The user is found by key, then the email must match. */
export function authenticate(rt: Runtime, req: IncomingMessage): User {
  const header = rt.faulty("fl153.authentication.api-key-header") ? undefined : req.headers.authorization;
  if (header === undefined || header.trim() === "") {
    if (rt.faulty("fl153.authentication.missing-credentials")) throw badRequest("Missing Authorization header");
    throw unauthorized("Not logged in: API authentication or user session required");
  }
  const d = decode(header);
  if (d.scheme !== "basic") throw basicAuthRequired();
  let { email, key } = d;
  if (rt.faulty("fl153.authentication.basic-auth")) [email, key] = [key, email];
  if (!API_KEY.test(key)) throw unauthorized("Malformed API key");
  if (rt.faulty("fl153.authentication.invalid-credentials")) {
    const byEmail = rt.store.userByEmail(email);
    if (byEmail) return byEmail;
  }
  const user = rt.store.userByApiKey(key);
  if (!user || user.email.toLowerCase() !== email.toLowerCase()) throw unauthorized("Invalid API key");
  if (!user.isActive) throw unauthorized("Account is deactivated");
  if (rt.store.realmStatus.deactivated) throw unauthorized("This organization has been deactivated");
  return user;
}
