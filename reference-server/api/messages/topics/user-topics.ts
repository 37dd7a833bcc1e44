import { z } from "zod";
import { publishUserTopic, serializeUserTopic } from "../../../events/user-topic.ts";
import { publishMutedTopics } from "../../../events/muted-topics.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../../runtime.ts";
import type { User } from "../../../state/types.ts";
import type { VisibilityPolicy } from "../../../state/user-topics.ts";
import { channelById, readTopicName } from "../../channels/lookup.ts";

/** Sets a user's visibility policy for a topic and tells the user's clients (the legacy muted_topics event first). */
export function setVisibilityPolicy(rt: Runtime, user: User, channelId: number, topic: string, policy: VisibilityPolicy): void {
  const record = rt.store.userTopics.set(user.id, channelId, topic, policy, rt.store.clock());
  publishMutedTopics(rt, user.id);
  publishUserTopic(rt, user.id, record);
}

/**
 * POST /user_topics: stream_id (JSON), topic (raw) and visibility_policy (JSON: 0 none, 1 muted, 2 unmuted,
 * 3 followed). A topic need not have messages. Real servers have it since FL170; the spec dates no endpoint for
 * user topics, so the reference server serves it at every level.
 */
function updateUserTopic(ctx: RequestContext): Record<string, unknown> {
  const channel = channelById(ctx, ctx.params.int("stream_id"));
  const topic = readTopicName(ctx, "topic");
  const policy = ctx.params.json("visibility_policy", z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]));
  setVisibilityPolicy(ctx.rt, ctx.user, channel.id, topic, policy);
  return {};
}

/** The register section `user_topics` (fetch_event_types `user_topic`), with the FL334 substitution. */
export function userTopicsSection(rt: Runtime, user: User, allowEmptyTopic: boolean): Record<string, unknown> {
  const substitute = !rt.faulty("fl334.register.user-topics-topic-name-substitution");
  const list = rt.faulty("fl153.register.user-topics") ? [] : rt.store.userTopics.list(user.id);
  return { user_topics: list.map((t) => serializeUserTopic(rt, t, allowEmptyTopic, substitute)) };
}

export const routes: Route[] = [authed("POST", "/user_topics", updateUserTopic)];
