import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { targetUser } from "../users/target.ts";
import { channelFromPath } from "./lookup.ts";

/**
 * GET /users/{user_id}/subscriptions/{stream_id} → {is_subscribed}: the user as user endpoints name one (no bots,
 * no deactivated users), then a channel the requester can see.
 */
function subscriptionStatus(ctx: RequestContext): Record<string, unknown> {
  const target = targetUser(ctx, Number(ctx.path.user_id));
  const channel = channelFromPath(ctx);
  return { is_subscribed: ctx.rt.store.isSubscribed(target.id, channel.id) };
}

export const routes: Route[] = [
  authed("GET", "/users/:user_id(^\\d+$)/subscriptions/:stream_id(^\\d+$)", subscriptionStatus, { operation: "get-subscription-status" }),
];
