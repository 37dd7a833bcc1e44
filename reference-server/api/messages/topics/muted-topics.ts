import { z } from "zod";
import { mutedTopicsList } from "../../../events/muted-topics.ts";
import { badRequest } from "../../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../../runtime.ts";
import type { Channel, User } from "../../../state/types.ts";
import { VISIBILITY } from "../../../state/user-topics.ts";
import { zulipHas } from "../../../zulip-levels.ts";
import { readTopicName } from "../../channels/lookup.ts";
import { setVisibilityPolicy } from "./user-topics.ts";

const NOT_MUTED = "Topic is not muted";

/** Exactly one of stream_id (JSON) and stream (a name); neither is the missing stream_id, both are refused. */
function channelRef(ctx: RequestContext): { id: number } | { name: string } {
  const { params } = ctx;
  const id = params.optJson("stream_id", z.number().int());
  const name = params.optStr("stream");
  if (id !== undefined && name !== undefined) throw badRequest("Unsupported parameter combination: stream_id, stream", { parameters: "stream_id, stream" });
  if (id === undefined && name === undefined) throw badRequest("Missing 'stream_id' argument");
  return id !== undefined ? { id } : { name: name! };
}

/** The channel to mute a topic in: a live one whose messages the user can read; any other is refused by how it was named. */
function channelToMuteIn(ctx: RequestContext, ref: { id: number } | { name: string }): Channel {
  const { rt, user } = ctx;
  const channel = "id" in ref ? rt.store.channels.get(ref.id) : rt.store.channelByName(ref.name);
  if (channel && !channel.isArchived && rt.access.channels.content(user, channel)) return channel;
  throw badRequest("id" in ref ? "Invalid channel ID" : `Invalid channel name '${ref.name}'`);
}

/** The channel to unmute a topic in: any of the organization's, reachable or not, since a user may have muted it before losing access. */
function channelToUnmuteIn(rt: Runtime, ref: { id: number } | { name: string }): Channel {
  const channel = "id" in ref ? rt.store.channels.get(ref.id) : rt.store.channelByName(ref.name);
  if (!channel) throw badRequest(NOT_MUTED);
  return channel;
}

function isMuted(rt: Runtime, user: User, channel: Channel, topic: string): boolean {
  return rt.store.userTopics.policy(user.id, channel.id, topic) === VISIBILITY.muted;
}

/**
 * PATCH /users/me/subscriptions/muted_topics (deprecated for POST /user_topics): op add sets the topic's
 * visibility policy to muted, op remove to none, with the user_topic event (and muted_topics for clients that
 * want it). From FL169 a request that changes nothing succeeds without events; before, it failed.
 */
function updateMutedTopic(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const op = params.str("op");
  const topic = readTopicName(ctx, "topic");
  if (op !== "add" && op !== "remove") throw badRequest("Invalid op");
  const ref = channelRef(ctx);
  const channel = op === "add" ? channelToMuteIn(ctx, ref) : channelToUnmuteIn(rt, ref);
  const muted = isMuted(rt, user, channel, topic);
  const wanted = op === "add";
  if (!zulipHas(rt.fl, "mutedTopicNoOpSucceeds") && muted === wanted) throw badRequest(wanted ? "Topic already muted" : NOT_MUTED);
  const unchanged = wanted ? muted : rt.store.userTopics.policy(user.id, channel.id, topic) === VISIBILITY.inherit;
  if (!unchanged) setVisibilityPolicy(rt, user, channel.id, topic, wanted ? VISIBILITY.muted : VISIBILITY.inherit);
  return {};
}

/**
 * Register's muted_topics (fetch_event_types `muted_topics`): the user's muted topics as [channel, topic, time];
 * left out when the client also asks for user_topic (state.ts), which replaces it.
 */
export function mutedTopicsSection(rt: Runtime, user: User): Record<string, unknown> {
  return { muted_topics: mutedTopicsList(rt, user.id) };
}

export const routes: Route[] = [authed("PATCH", "/users/me/subscriptions/muted_topics", updateMutedTopic, { operation: "mute-topic" })];
