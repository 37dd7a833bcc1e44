import { errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
import { badRequest, authenticationFailed, userDeactivated } from "../../errors/registry.ts";
import { open, type RequestContext, type Route } from "../../runtime.ts";
import { serializeUser } from "../../wire/user.ts";

/** The email claim of a token signed with the organization's key (HS256); 400 BAD_REQUEST otherwise (reference §2.3). */
async function verifiedEmail(key: string, token: string): Promise<string> {
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, new TextEncoder().encode(key), { algorithms: ["HS256"] })).payload;
  } catch (e) {
    if (e instanceof joseErrors.JOSEError || e instanceof TypeError) throw badRequest("Bad JSON web token");
    throw e;
  }
  const email = payload.email;
  if (typeof email !== "string" || email === "") throw badRequest("No email specified in JSON web token claims");
  return email;
}

/**
 * POST /api/v1/jwt/fetch_api_key (FL160): a JSON Web Token with an `email` claim → {api_key, email}, plus `user`
 * with include_profile; no user_id (wire §6). Without a configured key: 400 "JWT authentication is not enabled".
 */
async function jwtFetchApiKey(ctx: RequestContext<undefined>): Promise<Record<string, unknown>> {
  const { rt, params } = ctx;
  const key = rt.config.jwtKey;
  if (key === null) throw badRequest("JWT authentication is not enabled for this organization");
  const token = params.optStr("token");
  if (token === undefined || token === "") throw badRequest("No JSON web token passed in request");
  const includeProfile = params.optJson("include_profile", z.boolean()) ?? false;
  const user = rt.store.userByEmail(await verifiedEmail(key, token));
  if (!user || user.isBot) throw authenticationFailed();
  if (!user.isActive) throw userDeactivated();
  return { api_key: user.apiKey, email: user.email, ...(includeProfile ? { user: serializeUser(rt, user, user, false) } : {}) };
}

export const routes: Route[] = [open("POST", "/jwt/fetch_api_key", jwtFetchApiKey, { level: "jwtFetchApiKey" })];
