import type { IncomingMessage } from "node:http";
import type { Runtime } from "../runtime.ts";
import type { User } from "../state/types.ts";
import { ApiError, badRequest, unauthorized } from "./errors.ts";

const API_KEY = /^[A-Za-z0-9]{32}$/;

/** HTTP Basic `email:api_key` (wire §2). The user is found by key, then the email must match. */
export function authenticate(rt: Runtime, req: IncomingMessage): User {
  const header = rt.faulty("fl153.authentication.api-key-header") ? undefined : req.headers.authorization;
  if (header === undefined || header.trim() === "") {
    if (rt.faulty("fl153.authentication.missing-credentials")) throw badRequest("Missing Authorization header");
    throw unauthorized("Not logged in: API authentication or user session required");
  }
  const m = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  if (!m) throw unauthorized("Invalid authorization header for basic auth");
  if (m[1]!.toLowerCase() !== "basic") throw new ApiError(400, "BAD_REQUEST", "This endpoint requires HTTP basic authentication.");
  const decoded = Buffer.from(m[2]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw unauthorized("Invalid authorization header for basic auth");
  let email = decoded.slice(0, colon).trim();
  let key = decoded.slice(colon + 1).trim();
  if (rt.faulty("fl153.authentication.basic-auth")) [email, key] = [key, email];
  if (!API_KEY.test(key)) throw unauthorized("Malformed API key");
  const byEmail = rt.store.userByEmail(email);
  if (rt.faulty("fl153.authentication.invalid-credentials") && byEmail) return byEmail;
  const user = rt.store.userByApiKey(key);
  if (!user || user.email.toLowerCase() !== email.toLowerCase()) throw unauthorized("Invalid API key");
  if (!user.isActive) throw unauthorized("Account is deactivated");
  // --- realm ---
  if (rt.store.realmStatus.deactivated) throw unauthorized("This organization has been deactivated");
  return user;
}
