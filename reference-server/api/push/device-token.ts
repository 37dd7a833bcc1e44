import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";

/** Before FL223 the server's own setting gave the app id; the reference server's is this one. */
const DEFAULT_APP_ID = "org.chat.Chat";
const APP_ID = /^[.a-zA-Z0-9-]+$/;

/** The token parameter of every device-token endpoint: non-empty, at most 4096 characters, hex for the mobile-platform service. */
function readToken(ctx: RequestContext, hex: boolean): string {
  const token = ctx.params.str("token");
  if (token === "" || token.length > 4096) throw badRequest("Empty or invalid length token");
  if (hex && !/^[0-9a-fA-F]+$/.test(token)) throw badRequest("Invalid APNS token");
  return token;
}

/** POST /users/me/push_device_token (real: apns_device_token): token and appid, which is required from FL223. */
function addMobileToken(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const token = readToken(ctx, true);
  const appId = rt.fl.has("pushAppIdRequired") ? params.str("appid") : (params.optStr("appid") ?? DEFAULT_APP_ID);
  if (!APP_ID.test(appId)) throw badRequest("Invalid app ID");
  rt.store.pushDevices.add(user.id, "mobile", token, appId);
  return {};
}

function removeMobileToken(ctx: RequestContext): Record<string, unknown> {
  if (!ctx.rt.store.pushDevices.remove(ctx.user.id, "mobile", readToken(ctx, true))) throw badRequest("Token does not exist");
  return {};
}

/** POST /users/me/android_gcm_reg_id: a token of the other push service, no app id. */
function addOtherToken(ctx: RequestContext): Record<string, unknown> {
  ctx.rt.store.pushDevices.add(ctx.user.id, "other", readToken(ctx, false), null);
  return {};
}

function removeOtherToken(ctx: RequestContext): Record<string, unknown> {
  if (!ctx.rt.store.pushDevices.remove(ctx.user.id, "other", readToken(ctx, false))) throw badRequest("Token does not exist");
  return {};
}

/** The spec's paths; `--product zulip` serves the mobile-platform one at the real product's (facts/names.ts). */
export const routes: Route[] = [
  authed("POST", "/users/me/push_device_token", addMobileToken),
  authed("DELETE", "/users/me/push_device_token", removeMobileToken),
  authed("POST", "/users/me/android_gcm_reg_id", addOtherToken),
  authed("DELETE", "/users/me/android_gcm_reg_id", removeOtherToken),
];
