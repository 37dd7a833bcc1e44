import { badRequest } from "../../errors/registry.ts";
import type { RequestContext } from "../../runtime.ts";
import type { Channel } from "../../state/types.ts";
import { truncateTopic } from "../../wire/topic.ts";

/**
 * A channel named by ID in a path or parameter: one the user cannot see is as unknown as one that does not exist,
 * 400 BAD_REQUEST "Invalid channel ID" (what real servers answer on these endpoints).
 */
export function channelById(ctx: RequestContext, id: number): Channel {
  const channel = ctx.rt.store.channels.get(id);
  if (!channel || !ctx.rt.access.canSeeChannel(ctx.user, channel)) throw badRequest("Invalid channel ID");
  return channel;
}

/** A channel ID from the path (digits only, by the route). */
export function channelFromPath(ctx: RequestContext, name = "stream_id"): Channel {
  return channelById(ctx, Number(ctx.path[name]));
}

/** A topic-name parameter, trimmed; from FL334 realm_empty_topic_display_name names the empty topic. */
export function readTopicName(ctx: RequestContext, name: string): string {
  const topic = truncateTopic(ctx.params.str(name).trim());
  if (ctx.rt.fl.has("emptyTopicName") && topic === ctx.rt.store.realm.emptyTopicDisplayName) return "";
  return topic;
}
