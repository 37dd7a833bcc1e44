import { z } from "zod";
import { badRequest } from "../../../errors/registry.ts";
import type { RequestContext } from "../../../runtime.ts";
import type { ScheduledMessage } from "../../../state/scheduled.ts";
import { messageKind, readContent, readTopic } from "../compose.ts";
import { resolveChannel, resolveUsers } from "../recipients.ts";
import { renderMarkdown } from "../render.ts";

/** The fields of a scheduled message that a create or an edit sets. */
export type Draft = Pick<ScheduledMessage, "type" | "channelId" | "topic" | "userIds">;

/** scheduled_delivery_timestamp: a JSON integer of UNIX seconds in the future. */
export function readDeliveryTimestamp(ctx: RequestContext): number {
  const ts = ctx.params.int("scheduled_delivery_timestamp");
  if (ts <= ctx.rt.store.clock() && !ctx.rt.faulty("fl179.messages.scheduled-bad-input")) {
    throw badRequest("Scheduled delivery time must be in the future.");
  }
  return ts;
}

/**
 * The recipients of a scheduled message, checked as a send would check them now: `type`, `to` (a channel id, or a
 * JSON list of user ids) and, for channels, `topic` (an edit that names no topic keeps `keptTopic`).
 */
export function readRecipients(ctx: RequestContext, rawType: string, keptTopic?: string): Draft {
  const { rt, user, params } = ctx;
  const type = messageKind(ctx, rawType);
  const to = params.str("to");
  if (type === "stream") {
    const channel = resolveChannel(rt, to);
    const topic = keptTopic !== undefined && !params.has("topic") && !params.has("subject") ? keptTopic : readTopic(ctx);
    if (!rt.access.canPostToChannel(user, channel)) throw badRequest("Not authorized to send to channel");
    return { type, channelId: channel.id, topic, userIds: [] };
  }
  const ids = [...new Set(resolveUsers(rt, to).map((u) => u.id))].sort((a, b) => a - b);
  return { type, channelId: null, topic: "", userIds: ids };
}

export function readBody(ctx: RequestContext): { content: string; renderedContent: string } {
  const content = readContent(ctx);
  return { content, renderedContent: renderMarkdown(content, { rt: ctx.rt, senderId: ctx.user.id }) };
}

/** read_by_sender (FL236); before FL236 the parameter is unknown and left unread. */
export function readReadBySender(ctx: RequestContext): boolean | undefined {
  return ctx.rt.fl.has("scheduledReadBySender") ? ctx.params.optBool("read_by_sender") : undefined;
}

export const ScheduledId = z.number().int();
