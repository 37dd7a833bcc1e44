import type { Runtime } from "../../runtime.ts";
import { ROLE, type Channel, type User } from "../../state/types.ts";
import { serializeChannel } from "../channel.ts";
import { serializeSubscription } from "../subscription.ts";

interface Req {
  user: User;
  includeSubscribers: boolean;
}

/**
 * register `subscriptions`, `unsubscribed` (channels the user left) and `never_subscribed`, each among the
 * channels the user has metadata access to (FL349: channel administrators find private channels here too).
 */
export function subscriptionSection(rt: Runtime, req: Req): Record<string, unknown> {
  const { store } = rt;
  const live = (c: Channel | undefined): c is Channel => c !== undefined && !c.isArchived;
  const subscribed = [...store.subscriptionsOf(req.user.id)].map((id) => store.channels.get(id)).filter(live);
  const former = [...store.formerSubscriptionsOf(req.user.id)]
    .map((id) => store.channels.get(id))
    .filter(live)
    .filter((c) => rt.access.channels.metadata(req.user, c));
  const formerIds = new Set(former.map((c) => c.id));
  const never = [...store.channels.values()].filter(
    (c) => live(c) && !store.isSubscribed(req.user.id, c.id) && !formerIds.has(c.id) && rt.access.channels.metadata(req.user, c),
  );
  return {
    subscriptions: subscribed.map((c) => serializeSubscription(rt, c, req.includeSubscribers, req.user.id)),
    unsubscribed: former.map((c) => serializeSubscription(rt, c, req.includeSubscribers, req.user.id)),
    never_subscribed: never.map((c) => serializeChannel(rt, c, req.includeSubscribers, "subscription")),
  };
}

/** register `streams`: the channels the user has metadata access to; a guest's web-public ones only from FL205. */
export function streamSection(rt: Runtime, req: Req): Record<string, unknown> {
  const { user } = req;
  const guestWithoutWebPublic = user.role === ROLE.guest && !rt.fl.has("registerStreamsWebPublic");
  const listed = (c: Channel) =>
    !c.isArchived && rt.access.channels.metadata(user, c) && !(guestWithoutWebPublic && c.isWebPublic && !rt.store.isSubscribed(user.id, c.id));
  return { streams: [...rt.store.channels.values()].filter(listed).map((c) => serializeChannel(rt, c, false)) };
}

/**
 * realm_user section fields about channels: which kinds of channel the user may create (can_create_streams, the
 * deprecated either-kind flag, beside them), and can_subscribe_other_users until FL341 removed it.
 */
export function channelUserFields(rt: Runtime, user: User): Record<string, unknown> {
  const create = rt.access.channels;
  const out: Record<string, unknown> = {
    can_create_public_streams: create.createChannel(user, "public"),
    can_create_private_streams: create.createChannel(user, "private"),
    can_create_web_public_streams: create.createChannel(user, "web-public"),
  };
  out.can_create_streams = out.can_create_public_streams === true || out.can_create_private_streams === true;
  if (!rt.fl.has("canSubscribeOtherUsersRemoved")) out.can_subscribe_other_users = create.addSubscribersByRealm(user);
  return out;
}
