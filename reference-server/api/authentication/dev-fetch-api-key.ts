import { badRequest, authenticationFailed, userDeactivated, realmDeactivated } from "../../errors/registry.ts";
import { open, type RequestContext, type Route } from "../../runtime.ts";
import { zulipHas } from "../../zulip-levels.ts";

/** Roughly what Django's email validator accepts: one @, no spaces, a dotted domain (or localhost). */
const EMAIL = /^[^\s@]+@(?:localhost|[^\s@.]+(?:\.[^\s@.]+)+)$/i;

/**
 * POST /dev_fetch_api_key: development servers hand out any user's API key for `username` (its email), no password.
 * Real servers serve it only in development mode, which is what this server is to client developers.
 * → {api_key, email} and from FL171 user_id; failures are 401 as for POST /fetch_api_key.
 */
function devFetchApiKey(ctx: RequestContext<undefined>): Record<string, unknown> {
  const { rt, params } = ctx;
  const username = params.str("username");
  if (!EMAIL.test(username.trim())) throw badRequest("Enter a valid email address.");
  const user = rt.store.userByEmail(username);
  if (!user) throw authenticationFailed();
  if (rt.store.realmStatus.deactivated) throw realmDeactivated();
  if (!user.isActive) throw userDeactivated();
  return { api_key: user.apiKey, email: user.email, ...(zulipHas(rt.fl, "fetchApiKeyUserId") ? { user_id: user.id } : {}) };
}

/**
 * GET /dev_list_users (development servers, not in Zulip's API description): the accounts a development login
 * offers, administrators apart, each with its organization's URL. The mobile app's development login lists them.
 */
function devListUsers(ctx: RequestContext<undefined>): Record<string, unknown> {
  const { rt } = ctx;
  const entry = (email: string) => ({ email, realm_uri: rt.url, ...(rt.fl.has("realmUrlField") ? { realm_url: rt.url } : {}) });
  const users = [...rt.store.users.values()].filter((u) => u.isActive && !u.isBot);
  return {
    direct_admins: users.filter((u) => rt.store.isAdmin(u)).map((u) => entry(u.email)),
    direct_users: users.filter((u) => !rt.store.isAdmin(u)).map((u) => entry(u.email)),
  };
}

export const routes: Route[] = [
  open("POST", "/dev_fetch_api_key", devFetchApiKey, { operation: "dev-fetch-api-key" }),
  open("GET", "/dev_list_users", devListUsers),
];
