import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { SortedIds } from "../../state/sorted-ids.ts";
import { topicFor } from "../../wire/topic.ts";
import { channelFromPath } from "./lookup.ts";

/** The newest message of a topic the user may see (with readable history, any message; else the newest one received). */
function newestVisible(ctx: RequestContext, ids: SortedIds, historyReadable: boolean): number | undefined {
  if (historyReadable) return ids.at(ids.length - 1);
  for (let i = ids.length - 1; i >= 0; i--) {
    if (ctx.rt.store.flagsOf(ctx.user.id, ids.at(i)!) !== undefined) return ids.at(i);
  }
  return undefined;
}

/**
 * GET /users/me/{stream_id}/topics → {topics: [{max_id, name}]}, newest topic first; the name is that of the
 * topic's newest message. From FL334 allow_empty_topic_name decides whether the empty topic is "" or
 * realm_empty_topic_display_name (fl334.messages.topics-allow-empty-topic-name).
 */
function getTopics(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const channel = channelFromPath(ctx);
  const allowEmpty = rt.fl.has("topicsAllowEmptyTopicName") ? params.bool("allow_empty_topic_name", false) : false;
  const historyReadable = rt.access.canReadChannelHistory(user, channel);
  const topics: Array<{ max_id: number; name: string }> = [];
  for (const ids of rt.store.channelTopics(channel.id).values()) {
    const maxId = newestVisible(ctx, ids, historyReadable);
    if (maxId === undefined) continue;
    topics.push({ max_id: maxId, name: topicFor(rt, rt.store.messages.get(maxId)!.topic, allowEmpty) });
  }
  const order = rt.faulty("fl153.messages.channel-topics") ? 1 : -1;
  return { topics: topics.sort((a, b) => order * (a.max_id - b.max_id)) };
}

export const routes: Route[] = [authed("GET", "/users/me/:stream_id(^\\d+$)/topics", getTopics)];
