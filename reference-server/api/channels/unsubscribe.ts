import { z } from "zod";
import { withAccessTracking } from "../../events/user-access.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";

const Names = z.array(z.string()).min(1);

/**
 * DELETE /users/me/subscriptions: unsubscribes the requester from channels by name → {removed, not_removed}.
 * Only what the messages area needs (a sender losing access before a scheduled delivery); principals, channel
 * events and the FL161/FL208/FL349 rules come with the channels area.
 */
function unsubscribe(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const removed: string[] = [];
  const notRemoved: string[] = [];
  for (const name of params.json("subscriptions", Names)) {
    const channel = rt.store.channelByName(name);
    if (channel && rt.store.isSubscribed(user.id, channel.id)) {
      // users: former channel-mates may become inaccessible to restricted users (realm_user remove, FL228)
      withAccessTracking(rt, [...rt.store.subscribersOf(channel.id)], () => rt.store.unsubscribe(user.id, channel.id));
      removed.push(channel.name);
    } else {
      notRemoved.push(name);
    }
  }
  return { removed, not_removed: notRemoved };
}

export const routes: Route[] = [authed("DELETE", "/users/me/subscriptions", unsubscribe)];
