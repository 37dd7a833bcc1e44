import { z } from "zod";
import { wildcardMentionRefusal } from "../../access/wildcard-mentions.ts";
import type { PropagateMode } from "../../events/update-message.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Channel, Message } from "../../state/types.ts";
import { applyEdit, type EditPlan } from "./apply-edit.ts";
import { checkMoveTime, messagesToMove } from "./move.ts";
import { readableMessage } from "./readable.ts";
import { MAX_MESSAGE_LENGTH, truncateTopic } from "../../wire/topic.ts";

const PropagateSchema = z.enum(["change_one", "change_later", "change_all"]);
const RESOLVED_PREFIX = "✔ ";

interface EditRequest {
  content?: string;
  topic?: string;
  channelId?: number;
  propagate: PropagateMode;
}

/** The request's parameters (wire §3), validated before the message is looked up, as real servers do. */
function readRequest(ctx: RequestContext): EditRequest {
  const { params } = ctx;
  const raw = params.optStr("propagate_mode") ?? "change_one";
  const mode = PropagateSchema.safeParse(raw);
  if (!mode.success) throw badRequest("Invalid propagate_mode");
  params.optBool("send_notification_to_old_thread");
  params.optBool("send_notification_to_new_thread");
  const req: EditRequest = { propagate: mode.data };
  const content = params.optStr("content");
  const topic = params.optStr("topic", "subject");
  const channelId = params.optInt("stream_id");
  if (content !== undefined) req.content = content;
  if (topic !== undefined) req.topic = topic;
  if (channelId !== undefined) req.channelId = channelId;
  return req;
}

/** New content: blank becomes "(deleted)", long content is cut as on sending. */
function normalizeContent(content: string): string {
  if (content.trim() === "") return "(deleted)";
  return [...content].length > MAX_MESSAGE_LENGTH ? `${[...content].slice(0, MAX_MESSAGE_LENGTH - 3).join("")}...` : content;
}

/**
 * New topic: trimmed; empty only from FL334 (the display name of the empty topic then means it, as on real
 * servers); long topics cut to the limit; the current topic means no change.
 */
function normalizeTopic(ctx: RequestContext, message: Message, raw: string | undefined): string | undefined {
  if (raw === undefined || message.type !== "stream") return raw;
  const { rt } = ctx;
  let topic = raw.trim();
  if (rt.fl.has("emptyTopicName") && topic === rt.store.realm.emptyTopicDisplayName) topic = "";
  if (ctx.rt.faulty("fl153.messages.resolve-topic") && topic.startsWith(RESOLVED_PREFIX)) topic = topic.slice(RESOLVED_PREFIX.length);
  if (topic === "" && !ctx.rt.fl.has("emptyTopicName")) throw badRequest("Topic can't be empty!");
  if (!ctx.rt.faulty("fl153.messages.edit-topic-truncated")) topic = truncateTopic(topic);
  return topic === message.topic ? undefined : topic;
}

function targetChannel(ctx: RequestContext, message: Message, id: number | undefined): Channel | undefined {
  if (id === undefined || message.type !== "stream" || id === message.channelId) return undefined;
  const channel = ctx.rt.store.channels.get(id);
  if (!channel || !ctx.rt.access.canSeeChannel(ctx.user, channel)) throw badRequest("Invalid channel ID");
  if (!ctx.rt.access.canPostToChannel(ctx.user, channel)) throw badRequest("You don't have permission to move this message");
  return channel;
}

/** The checks of wire §5's BAD_REQUEST family that need no permission: something to change, and a coherent change. */
function validate(message: Message, req: EditRequest, topic: string | undefined, channel: Channel | undefined): void {
  if (req.content === undefined && req.topic === undefined && req.channelId === undefined) throw badRequest("Nothing to change");
  if (message.type !== "stream" && req.channelId !== undefined) throw badRequest("Direct messages cannot be moved to channels.");
  if (message.type !== "stream" && req.topic !== undefined) throw badRequest("Direct messages cannot have topics.");
  if (req.propagate !== "change_one" && topic === undefined && channel === undefined) throw badRequest("Invalid propagate_mode without topic edit");
  if (req.content !== undefined && req.channelId !== undefined) throw badRequest("Cannot change message content while changing channel");
  if (req.content === undefined && topic === undefined && channel === undefined) throw badRequest("Nothing to change");
}

/**
 * PATCH /messages/{message_id}: edits a message's content (its sender only) and moves it, or it and its topic's
 * other messages (propagate_mode), to another topic or channel, as the organization's settings of the level allow.
 */
function editMessage(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const req = readRequest(ctx);
  const message = readableMessage(ctx, ctx.path.message_id, "contentAccessEdit");
  const now = rt.store.clock();
  const rules = rt.access.messageEdits(rt.fl, rt.faulty);
  if (req.content !== undefined) {
    const refusal = rules.contentRefusal(user, message, now);
    if (refusal) throw badRequest(refusal);
  }
  const topic = normalizeTopic(ctx, message, req.topic);
  const channel = targetChannel(ctx, message, req.channelId);
  if (!rt.faulty("fl153.messages.edit-bad-request")) validate(message, req, topic, channel);
  const plan: EditPlan = { editor: user, target: message, now, propagate: req.propagate, moved: [message] };
  if (req.content !== undefined) plan.content = normalizeContent(req.content);
  if (plan.content !== undefined && message.type === "stream" && message.channelId !== null) {
    const refusal = wildcardMentionRefusal(rt, user, rt.store.channels.get(message.channelId)!, message.topic, plan.content);
    if (refusal) throw refusal;
  }
  if (topic !== undefined || channel !== undefined) {
    const ask = { topic: topic !== undefined, channel: channel !== undefined };
    const refusal = rules.moveRefusal(user, message, ask);
    if (refusal) throw badRequest(refusal);
    plan.moved = messagesToMove(ctx, message, req.propagate);
    checkMoveTime(ctx, plan.moved, message, req.propagate, rules.moveDeadline(user, message, ask), ask);
    plan.move = { topic: topic ?? message.topic, channel: channel ?? rt.store.channels.get(message.channelId!)! };
    plan.resolve = topic !== undefined && (topic === RESOLVED_PREFIX + message.topic || message.topic === RESOLVED_PREFIX + topic);
  }
  const detached = rt.faulty("fl153.messages.edit-message") ? [] : applyEdit(rt, plan);
  return rt.fl.has("detachedUploads") ? { detached_uploads: detached } : {};
}

export const routes: Route[] = [authed("PATCH", "/messages/:message_id(^\\d+$)", editMessage)];
