import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Channel } from "../../state/types.ts";
import { channelFromPath } from "./lookup.ts";
import { serializeChannel } from "../../wire/channel.ts";
import { serializeSubscription } from "../../wire/subscription.ts";

/** include_all (FL356; include_all_active before, administrators only): every channel the user has metadata access to. */
function includeAll(ctx: RequestContext): boolean {
  const { rt, params, user } = ctx;
  // From FL356 the deprecated include_all_active still works beside include_all.
  const legacy = params.bool("include_all_active", false);
  const all = rt.fl.has("getStreamsIncludeAll") ? params.bool("include_all", false) || legacy : legacy;
  if (all && !rt.fl.has("getStreamsIncludeAllNonAdmin") && !rt.access.hasAdminRights(user)) throw badRequest("User not authorized for this query");
  return all;
}

/**
 * GET /streams: the union of the sets the include_ flags name (public, web-public, subscribed, default, all,
 * can-access-content from FL356). Archived channels only with exclude_archived=false, from FL356.
 */
function getStreams(ctx: RequestContext): Record<string, unknown> {
  const { rt, params, user } = ctx;
  const access = rt.access.channels;
  const all = includeAll(ctx);
  const pub = params.bool("include_public", true);
  const webPublic = params.bool("include_web_public", false);
  const subscribed = params.bool("include_subscribed", true);
  const defaults = params.bool("include_default", false);
  params.optBool("include_owner_subscribed");
  const content = rt.fl.has("getStreamsIncludeCanAccessContent") ? params.bool("include_can_access_content", false) : false;
  const withArchived = rt.fl.has("getStreamsExcludeArchived") ? !params.bool("exclude_archived", true) : false;
  const wanted = (c: Channel): boolean => {
    if (c.isArchived && !withArchived) return false;
    if (all && access.metadata(user, c)) return true;
    if (pub && (!c.inviteOnly || rt.faulty("fl153.channels.visible-channels")) && !rt.access.isGuest(user)) return true;
    if (webPublic && c.isWebPublic) return true;
    if (subscribed && rt.store.isSubscribed(user.id, c.id)) return true;
    if (defaults && c.isDefault && access.metadata(user, c)) return true;
    return content && access.content(user, c);
  };
  const streams = [...rt.store.channels.values()].filter(wanted).map((c) => serializeChannel(rt, c, false));
  return { streams };
}

/** GET /streams/{stream_id}: one channel the user has metadata access to. */
function getStream(ctx: RequestContext): Record<string, unknown> {
  return { stream: serializeChannel(ctx.rt, channelFromPath(ctx), false) };
}

/** GET /users/me/subscriptions: the user's subscriptions (subscribers with include_subscribers). */
function getSubscriptions(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const withSubscribers = params.bool("include_subscribers", false);
  const channels = [...rt.store.subscriptionsOf(user.id)].map((id) => rt.store.channels.get(id)!).filter((c) => !c.isArchived);
  return { subscriptions: channels.map((c) => serializeSubscription(rt, c, withSubscribers, user.id)) };
}

export const routes: Route[] = [
  authed("GET", "/streams", getStreams),
  authed("GET", "/streams/:stream_id(^\\d+$)", getStream),
  authed("GET", "/users/me/subscriptions", getSubscriptions),
];
