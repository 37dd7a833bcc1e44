import { zulipHas } from "../../zulip-levels.ts";
import { z } from "zod";
import type { ChannelKind } from "../../access/channels.ts";
import { badRequest, notAuthorizedOnBehalfOf } from "../../errors/registry.ts";
import { Params } from "../../http/params.ts";
import { withAccessTracking } from "../../events/user-access.ts";
import { publishStreamCreate } from "../../events/stream.ts";
import { publishPeers, publishSubscriptionAdd } from "../../events/subscription.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { SUBSCRIPTION_COLOR_PATTERN } from "../../state/subscriptions.ts";
import type { Channel, User } from "../../state/types.ts";
import { applyPostPolicy, readGroupSettings, readPostPolicy } from "./settings-params.ts";
import { addDefaultChannel } from "./default-channels.ts";

/** One channel a subscription request names, with the description it gets if the request creates it. */
export const SubscriptionItem = z.looseObject({ name: z.string().trim().min(1).max(60), description: z.string().max(1024).optional() });
const SubscriptionRequest = z.array(SubscriptionItem).min(1);
const Principals = z.array(z.union([z.number().int(), z.string()]));

/** principals: user IDs or emails; a deactivated or unknown one is 400 BAD_REQUEST from FL208, 403 UNAUTHORIZED_PRINCIPAL before. */
export function resolvePrincipals(ctx: RequestContext, refs: Array<number | string>): User[] {
  return refs.map((ref) => {
    const u = typeof ref === "number" ? ctx.rt.store.users.get(ref) : ctx.rt.store.userByEmail(ref);
    if (u && u.isActive) return u;
    if (ctx.rt.fl.has("badPrincipalIsBadRequest")) throw badRequest(`No such user: ${String(ref)}`);
    throw notAuthorizedOnBehalfOf(ref);
  });
}

export const readPrincipals = (ctx: RequestContext): User[] | undefined => {
  const refs = ctx.params.optJson("principals", Principals);
  return refs ? resolvePrincipals(ctx, refs) : undefined;
};

const insufficient = () => badRequest("Insufficient permission");

/** A channel a request names, with the description it gets if created and the color the request asks for. */
type Requested = { name: string; description?: string | undefined; color?: unknown };

/** The color a request asks a new subscription to have, when it is one real servers take. */
const requestedColor = (req: Requested): string | undefined =>
  typeof req.color === "string" && SUBSCRIPTION_COLOR_PATTERN.test(req.color) ? req.color : undefined;

/** The settings a channel created by this request gets (creation parameters, FL161–FL349). */
function newChannelSettings(ctx: RequestContext) {
  const { rt, params } = ctx;
  const inviteOnly = params.bool("invite_only", false);
  const isWebPublic = params.bool("is_web_public", false);
  return {
    inviteOnly,
    isWebPublic,
    historyPublicToSubscribers: params.optBool("history_public_to_subscribers") ?? !inviteOnly,
    isDefault: rt.fl.has("isDefaultStreamCreate") ? params.bool("is_default_stream", false) : false,
    groups: readGroupSettings(ctx, undefined),
    postPolicy: readPostPolicy(ctx),
    kind: (isWebPublic ? "web-public" : inviteOnly ? "private" : "public") as ChannelKind,
  };
}

/** An existing channel the request names: the requester must see it, reach its content to join, and may add others. */
function checkExisting(ctx: RequestContext, channel: Channel, addsOthers: boolean): void {
  const access = ctx.rt.access.channels;
  if (!access.metadata(ctx.user, channel) || channel.isArchived) throw badRequest(`Unable to access channel (${channel.name}).`);
  if (addsOthers) {
    const adminBypass = ctx.rt.faulty("fl349.channels.add-subscribers-needs-content-access") && access.isChannelAdmin(ctx.user, channel);
    if (!adminBypass && !access.addSubscribers(ctx.user, channel, access.addSubscribersByRealm(ctx.user))) throw insufficient();
  } else if (channel.inviteOnly && !access.content(ctx.user, channel)) {
    throw badRequest(`Unable to access channel (${channel.name}).`);
  }
}

export type NewChannelSettings = ReturnType<typeof newChannelSettings>;
export type SubscriptionResult = { subscribed: Record<string, string[]>; already_subscribed: Record<string, string[]> };

/** The settings of channels a request creates without naming any (PATCH /users/me/subscriptions takes none). */
export const defaultChannelSettings = (ctx: RequestContext): NewChannelSettings => newChannelSettings({ ...ctx, params: new Params(new Map()) });

/**
 * POST /users/me/subscriptions: subscribes the requester (or the principals) to channels by name, creating the
 * ones that do not exist with the request's settings. New channels send stream create events, the new
 * subscribers subscription add, the others who hear of the channel peer_add.
 */
function subscribe(ctx: RequestContext): Record<string, unknown> {
  const { user, params } = ctx;
  const requested = params.json("subscriptions", SubscriptionRequest);
  const principals = readPrincipals(ctx) ?? [user];
  const settings = newChannelSettings(ctx);
  params.optBool("announce");
  params.optBool("authorization_errors_fatal");
  return prepareSubscribe(ctx, requested, principals, settings)();
}

/**
 * Checks a subscription request (the requester's role, access to the channels it names, the right to create the
 * others) and returns what carries it out, so a caller can check more before anything changes.
 */
export function prepareSubscribe(
  ctx: RequestContext,
  requested: ReadonlyArray<Requested>,
  principals: User[],
  settings: NewChannelSettings,
): () => SubscriptionResult {
  const { rt, user } = ctx;
  if (rt.access.isGuest(user)) throw badRequest("Not allowed for guest users");
  const addsOthers = principals.some((p) => p.id !== user.id);
  const plan = requested.map((req) => ({ req, channel: rt.store.channelByName(req.name) }));
  for (const { channel } of plan) if (channel) checkExisting(ctx, channel, addsOthers);
  if (plan.some((p) => !p.channel)) {
    if (!rt.access.channels.createChannel(user, settings.kind)) throw insufficient();
    if (addsOthers && !rt.access.channels.addSubscribersByRealm(user)) throw insufficient();
    if (settings.isDefault && !rt.access.hasAdminRights(user)) throw insufficient();
  }
  return () => applySubscribe(ctx, requested, principals, settings);
}

function applySubscribe(ctx: RequestContext, requested: ReadonlyArray<Requested>, principals: User[], settings: NewChannelSettings): SubscriptionResult {
  const { rt } = ctx;
  const subscribed: Record<string, string[]> = {};
  const already: Record<string, string[]> = {};
  const added = new Map<number, Channel[]>();
  const byId = zulipHas(rt.fl, "subscribeResultByUserId");
  for (const req of requested) {
    const created = !rt.store.channelByName(req.name);
    const channel = rt.store.channelByName(req.name) ?? createChannel(ctx, req.name, req.description ?? "", settings);
    const joining = principals.filter((p) => !rt.store.isSubscribed(p.id, channel.id));
    for (const p of principals) ((joining.includes(p) ? subscribed : already)[byId ? String(p.id) : p.email] ??= []).push(channel.name);
    // A private channel's new subscribers who could not see it hear of it first, as real servers tell them: a
    // client needs the channel before its subscription (a new channel's creation event reaches everyone below).
    const unaware = created ? [] : joining.filter((p) => !rt.access.channels.hearsOf(p, channel, false)).map((p) => p.id);
    // users: new channel-mates may become accessible to restricted users (realm_user add, FL228)
    withAccessTracking(rt, [...principals.map((p) => p.id), ...rt.store.subscribersOf(channel.id)], () => {
      for (const p of joining) rt.store.subscribe(p.id, channel.id, requestedColor(req));
    });
    if (created) publishStreamCreate(rt, channel);
    else if (unaware.length) publishStreamCreate(rt, channel, unaware);
    if (created && settings.isDefault) addDefaultChannel(rt, channel);
    for (const p of joining) added.set(p.id, [...(added.get(p.id) ?? []), channel]);
    publishPeers(
      rt,
      "peer_add",
      channel,
      joining.map((p) => p.id),
    );
  }
  for (const [userId, channels] of added) publishSubscriptionAdd(rt, userId, channels);
  return { subscribed, already_subscribed: already };
}

function createChannel(ctx: RequestContext, name: string, description: string, s: NewChannelSettings): Channel {
  const { rt, user } = ctx;
  const channel = rt.store.addChannel({
    name,
    description,
    inviteOnly: s.inviteOnly,
    isWebPublic: s.isWebPublic,
    historyPublicToSubscribers: s.historyPublicToSubscribers,
    isDefault: false,
    creatorId: user.id,
  });
  if (s.postPolicy !== undefined) applyPostPolicy(ctx, channel, s.postPolicy);
  for (const { def, value } of s.groups) channel.groups[def.key] = value;
  return channel;
}

export const routes: Route[] = [authed("POST", "/users/me/subscriptions", subscribe)];
