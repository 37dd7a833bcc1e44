import { publishFlagsUpdate } from "../../events/update-message-flags.ts";
import type { LevelSwitchName } from "../../levels.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import type { Message } from "../../state/types.ts";
import { channelById, readTopicName } from "../channels/lookup.ts";

/**
 * The result of a batched operation (mark all as read, delete a topic): from FL211 a boolean `complete`; before,
 * the plain success envelope. Real servers answered result "partially_completed" after a timeout before FL211;
 * an in-memory server never times out, so that shape never occurs here.
 */
export function completion(rt: Runtime, field: LevelSwitchName): Record<string, unknown> {
  return rt.fl.has(field) ? { complete: true } : {};
}

/** Marks the user's unread messages that pass `which` as read; returns their ids. */
function markRead(rt: Runtime, userId: number, which: (m: Message) => boolean): number[] {
  const unread = rt.store.flags.unreadOf(userId);
  const ids: number[] = [];
  for (let i = 0; i < unread.length; i++) {
    const m = rt.store.messages.get(unread.at(i)!);
    if (m && which(m)) ids.push(m.id);
  }
  for (const id of ids) rt.store.flags.set(userId, id, "read", true);
  return ids;
}

/** POST /mark_all_as_read: one update_message_flags event with `all: true` and no message list. */
function markAllAsRead(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  markRead(rt, user.id, () => true);
  publishFlagsUpdate(rt, user.id, { op: "add", flag: "read", messages: [], all: true });
  if (rt.faulty("fl211.errors.result-success-or-error")) return { result: "partially_completed", code: "REQUEST_TIMEOUT", complete: false };
  return completion(rt, "markReadCompleteField");
}

function markScope(ctx: RequestContext, which: (m: Message) => boolean): Record<string, unknown> {
  const ids = markRead(ctx.rt, ctx.user.id, which);
  if (ids.length > 0) publishFlagsUpdate(ctx.rt, ctx.user.id, { op: "add", flag: "read", messages: ids, all: false });
  return {};
}

/** POST /mark_stream_as_read: stream_id. */
function markStreamAsRead(ctx: RequestContext): Record<string, unknown> {
  const channel = channelById(ctx, ctx.params.int("stream_id"));
  return markScope(ctx, (m) => m.channelId === channel.id);
}

/** POST /mark_topic_as_read: stream_id and topic_name (matched without regard to case). */
function markTopicAsRead(ctx: RequestContext): Record<string, unknown> {
  const channel = channelById(ctx, ctx.params.int("stream_id"));
  const topic = readTopicName(ctx, "topic_name").toLowerCase();
  if (ctx.rt.faulty("fl153.messages.mark-read-endpoints")) return markScope(ctx, (m) => m.channelId === channel.id);
  return markScope(ctx, (m) => m.channelId === channel.id && m.topic.toLowerCase() === topic);
}

export const routes: Route[] = [
  authed("POST", "/mark_all_as_read", markAllAsRead),
  authed("POST", "/mark_stream_as_read", markStreamAsRead),
  authed("POST", "/mark_topic_as_read", markTopicAsRead),
];
