import { subscribersRefusal } from "../../access/subscribers.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { channelFromPath } from "./lookup.ts";

/** GET /streams/{stream_id}/members → {subscribers}: the active subscribers' ids, for those who may see them. */
function getSubscribers(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const channel = channelFromPath(ctx);
  const refusal = subscribersRefusal(rt.access, user, channel, rt.store.isSubscribed(user.id, channel.id));
  if (refusal !== null) throw badRequest(refusal);
  const ids = [...rt.store.subscribersOf(channel.id)].filter((id) => rt.store.users.get(id)?.isActive);
  return { subscribers: ids.sort((a, b) => a - b) };
}

export const routes: Route[] = [authed("GET", "/streams/:stream_id(^\\d+$)/members", getSubscribers, { operation: "get-subscribers" })];
