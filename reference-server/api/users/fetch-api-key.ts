import { authenticationFailed, userDeactivated } from "../../errors/registry.ts";
import { open, type Route } from "../../runtime.ts";
import { zulipHas } from "../../zulip-levels.ts";

/**
 * POST /fetch_api_key (wire §6): username (the delivery email) and password → {api_key, email} and from FL171
 * user_id. Only users created with POST /users have a password here.
 */
export const routes: Route[] = [
  open("POST", "/fetch_api_key", ({ rt, params }) => {
    const user = rt.store.userByEmail(params.str("username"));
    const password = params.str("password");
    if (!user || user.password === undefined || user.password !== password) throw authenticationFailed();
    if (!user.isActive) throw userDeactivated();
    return { api_key: user.apiKey, email: user.email, ...(zulipHas(rt.fl, "fetchApiKeyUserId") ? { user_id: user.id } : {}) };
  }),
];
