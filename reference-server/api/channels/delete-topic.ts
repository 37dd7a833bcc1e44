import { publishDeleteMessages } from "../../events/delete-message.ts";
import { unauthorizedPrincipal } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { completion } from "../messages/mark-read.ts";
import { channelFromPath, readTopicName } from "./lookup.ts";

/**
 * POST /streams/{stream_id}/delete_topic (topic_name): an administrator deletes every message of a topic, as
 * DELETE /messages/{message_id} deletes one; the channel's subscribers get delete_message events (the deleting
 * user too, from FL274). The response says `complete` from FL211 (fl211.messages.delete-topic-complete);
 * before, the plain success envelope.
 */
function deleteTopic(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (!rt.access.canDeleteTopics(user) && !rt.faulty("fl153.messages.delete-topic")) throw unauthorizedPrincipal("Must be an organization administrator");
  const channel = channelFromPath(ctx);
  const topic = readTopicName(ctx, "topic_name");
  const index = rt.store.topicMessages(channel.id, topic);
  const all = Array.from({ length: index.length }, (_, i) => index.at(i)!);
  // From FL154 the deletion runs in batches and may run out of time (the reference control's work budget).
  const budget = rt.control.workBudget;
  const batched = rt.fl.has("partialDeleteTopic") || rt.fl.has("deleteTopicCompleteField");
  const ids = budget !== null && batched ? all.slice(0, budget) : all;
  if (ids.length > 0) {
    const audience = new Set(rt.store.subscribersOf(channel.id));
    if (rt.fl.has("deleteEventToDeleter")) audience.add(user.id);
    const stored = rt.store.messages.get(ids[ids.length - 1]!)!.topic;
    for (const id of ids) {
      const message = rt.store.messages.get(id)!;
      rt.store.attachments.untrack(id, message.content);
      rt.store.editHistory.remove(id);
      rt.store.removeMessage(id);
    }
    publishDeleteMessages(rt, { ids, type: "stream", channelId: channel.id, topic: stored }, audience);
  }
  return completion(rt, "deleteTopicCompleteField", ids.length === all.length, "partialDeleteTopic");
}

export const routes: Route[] = [authed("POST", "/streams/:stream_id(^\\d+$)/delete_topic", deleteTopic)];
