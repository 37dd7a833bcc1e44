import { z } from "zod";
import { withAccessTracking } from "../../events/user-access.ts";
import { publishPeers, publishSubscriptionRemove } from "../../events/subscription.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import type { Channel, User } from "../../state/types.ts";
import { readPrincipals } from "./subscribe.ts";

const Names = z.array(z.string()).min(1);

/**
 * DELETE /users/me/subscriptions: unsubscribes the requester, or the principals, from channels by name →
 * {removed, not_removed}. Removing others needs the rights of access/channels.ts (FL161, FL349); a bad principal
 * is the FL208 error. The users who left get subscription remove, the others peer_remove.
 */
function unsubscribe(ctx: RequestContext): Record<string, unknown> {
  const { user, params } = ctx;
  const names = params.json("subscriptions", Names);
  const principals = readPrincipals(ctx) ?? [user];
  return prepareUnsubscribe(ctx, names, principals)();
}

export type UnsubscriptionResult = { removed: string[]; not_removed: string[] };

/**
 * Checks an unsubscription request and returns what carries it out, so a caller can check more before anything
 * changes. `created`: names of channels the same request creates first (PATCH /users/me/subscriptions), which
 * need no check.
 */
export function prepareUnsubscribe(
  ctx: RequestContext,
  names: readonly string[],
  principals: User[],
  created: ReadonlySet<string> = new Set(),
): () => UnsubscriptionResult {
  const { rt, user } = ctx;
  const removesOthers = principals.some((p) => p.id !== user.id);
  for (const name of names) {
    const channel = rt.store.channelByName(name);
    if (!channel && created.has(name.trim().toLowerCase())) continue;
    if (!channel || !rt.access.channels.metadata(user, channel)) throw badRequest(`Channel(s) (${name}) do not exist`);
    if (removesOthers && !rt.access.channels.removeSubscribers(user, channel)) throw badRequest("Insufficient permission");
  }
  return () =>
    applyUnsubscribe(
      rt,
      names.map((name) => rt.store.channelByName(name)!),
      principals,
    );
}

function applyUnsubscribe(rt: Runtime, channels: Channel[], principals: User[]): UnsubscriptionResult {
  const removed: string[] = [];
  const notRemoved: string[] = [];
  const left = new Map<number, Channel[]>();
  for (const channel of channels) {
    const leaving = principals.filter((p) => rt.store.isSubscribed(p.id, channel.id));
    if (leaving.length === 0) notRemoved.push(channel.name);
    else removed.push(channel.name);
    // users: former channel-mates may become inaccessible to restricted users (realm_user remove, FL228)
    withAccessTracking(rt, [...rt.store.subscribersOf(channel.id)], () => {
      for (const p of leaving) rt.store.unsubscribe(p.id, channel.id);
    });
    for (const p of leaving) left.set(p.id, [...(left.get(p.id) ?? []), channel]);
    publishPeers(
      rt,
      "peer_remove",
      channel,
      leaving.map((p) => p.id),
    );
  }
  for (const [userId, chans] of left) publishSubscriptionRemove(rt, userId, chans);
  return { removed, not_removed: notRemoved };
}

export const routes: Route[] = [authed("DELETE", "/users/me/subscriptions", unsubscribe)];
