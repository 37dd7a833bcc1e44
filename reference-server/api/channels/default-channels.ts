import { z } from "zod";
import { defaultStreamGroupsValue, defaultStreamsValue, publishDefaultStreams } from "../../events/default-streams.ts";
import { badRequest, mustBeAdministrator } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import type { Channel, User } from "../../state/types.ts";

/** Makes a channel a default channel (new users join it); clients hear of it only if it was not one already. */
export function addDefaultChannel(rt: Runtime, channel: Channel): void {
  if (channel.isDefault) return;
  channel.isDefault = true;
  publishDefaultStreams(rt);
}

/** Takes a channel out of the default channels; clients hear of the set whether or not it changed, as on real servers. */
export function removeDefaultChannel(rt: Runtime, channel: Channel): void {
  channel.isDefault = false;
  publishDefaultStreams(rt);
}

/**
 * The channel a default_streams request names (`stream_id`, JSON): a live one the administrator can reach, its
 * content too for adding; any other is "Invalid channel ID".
 */
function namedChannel(ctx: RequestContext, needsContent: boolean): Channel {
  const { rt, user, params } = ctx;
  if (!rt.access.realm.canConfigure(user)) throw mustBeAdministrator();
  const channel = rt.store.channels.get(params.json("stream_id", z.number().int()));
  const reachable = channel && !channel.isArchived && (needsContent ? rt.access.channels.content(user, channel) : rt.access.channels.metadata(user, channel));
  if (!reachable) throw badRequest("Invalid channel ID");
  return channel;
}

/** POST /default_streams: an administrator adds a channel to the default channels; private channels cannot be. */
function addDefault(ctx: RequestContext): Record<string, unknown> {
  const channel = namedChannel(ctx, true);
  if (channel.inviteOnly) throw badRequest("Private channels cannot be made default.");
  addDefaultChannel(ctx.rt, channel);
  return {};
}

/** DELETE /default_streams: an administrator removes a channel from the default channels. */
function removeDefault(ctx: RequestContext): Record<string, unknown> {
  removeDefaultChannel(ctx.rt, namedChannel(ctx, false));
  return {};
}

/** Register's realm_default_streams (fetch_event_types `default_streams`): guests are told of none. */
export function defaultStreamsSection(rt: Runtime, user: User): Record<string, unknown> {
  return { realm_default_streams: rt.access.isGuest(user) ? [] : defaultStreamsValue(rt) };
}

/**
 * Register's realm_default_stream_groups (fetch_event_types `default_stream_groups`): the groups Zulip's
 * /default_stream_groups endpoints make (outside the spec; here only the reference control makes them), guests told
 * of none.
 */
export function defaultStreamGroupsSection(rt: Runtime, user: User): Record<string, unknown> {
  return { realm_default_stream_groups: rt.access.isGuest(user) ? [] : defaultStreamGroupsValue(rt) };
}

export const routes: Route[] = [
  authed("POST", "/default_streams", addDefault, { operation: "add-default-stream" }),
  authed("DELETE", "/default_streams", removeDefault, { operation: "remove-default-stream" }),
];
