import { publishFlagsUpdate } from "../../events/update-message-flags.ts";
import type { LevelSwitchName } from "../../levels.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import type { Message } from "../../state/types.ts";
import { channelById, readTopicName } from "../channels/lookup.ts";

/**
 * The result of a batched operation (mark all as read, delete a topic): from FL211 a boolean `complete`; before,
 * the plain success envelope — or, when the operation ran out of time part-way (the reference control's work
 * budget) at a level where it could (`partial`), result "partially_completed" with code REQUEST_TIMEOUT.
 */
export function completion(rt: Runtime, field: LevelSwitchName, done = true, partial?: LevelSwitchName): Record<string, unknown> {
  if (rt.fl.has(field)) return { complete: done };
  if (!done && partial !== undefined && rt.fl.has(partial)) return { result: "partially_completed", code: "REQUEST_TIMEOUT" };
  return {};
}

/** Admits messages while a batched request has time left (the reference control's work budget); `ranOut` once it refused one. */
function workBudget(rt: Runtime): { admit: () => boolean; ranOut: () => boolean } {
  const budget = rt.control.workBudget;
  let used = 0;
  let refused = false;
  return {
    admit: () => {
      if (budget === null || used < budget) return ++used > 0;
      refused = true;
      return false;
    },
    ranOut: () => refused,
  };
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

/**
 * POST /mark_all_as_read: one update_message_flags event with `all: true` and no message list. A request that runs
 * out of time (the work budget) marks only some: its event lists them, and the answer says it stopped part-way.
 */
function markAllAsRead(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const budget = workBudget(rt);
  const ids = markRead(rt, user.id, budget.admit);
  const done = !budget.ranOut();
  publishFlagsUpdate(rt, user.id, { op: "add", flag: "read", messages: done ? [] : ids, all: done });
  if (rt.faulty("fl211.errors.result-success-or-error")) return { result: "partially_completed", code: "REQUEST_TIMEOUT", complete: false };
  return completion(rt, "markReadCompleteField", done, "partialMarkAllAsRead");
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
