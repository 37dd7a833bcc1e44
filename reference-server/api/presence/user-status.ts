import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { targetUser } from "../users/target.ts";

/**
 * GET /users/{user_id}/status (FL262) → {status}: what the user set with POST /users/me/status, `{}` when nothing.
 * Bots and deactivated users are refused, as real servers refuse them on user endpoints by default.
 */
function getUserStatus(ctx: RequestContext): Record<string, unknown> {
  const target = targetUser(ctx, Number(ctx.path.user_id));
  return { status: { ...ctx.rt.store.presence.status(target.id) } };
}

export const routes: Route[] = [authed("GET", "/users/:user_id(^\\d+$)/status", getUserStatus, { operation: "get-user-status" })];
