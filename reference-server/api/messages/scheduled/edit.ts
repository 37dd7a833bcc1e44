import { publishScheduledUpdate } from "../../../events/scheduled-messages.ts";
import { badRequest, resourceNotFound } from "../../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../../runtime.ts";
import type { ScheduledMessage } from "../../../state/scheduled.ts";
import { deliverDue } from "./deliver.ts";
import { readBody, readDeliveryTimestamp, readRecipients } from "./draft.ts";
import { readTopic } from "../compose.ts";

/** The user's scheduled message, or 404 with code BAD_REQUEST as real servers answer. */
export function ownScheduled(ctx: RequestContext, id: number): ScheduledMessage {
  const sm = ctx.rt.store.scheduled.get(ctx.user.id, id);
  if (!sm) throw resourceNotFound("Scheduled message does not exist");
  return sm;
}

/**
 * Edits a scheduled message, changing one or more of type (with `to`), to, topic, content, scheduled_delivery_timestamp. A message
 * that failed to send needs a new delivery time; an edited one is pending again.
 */
export function editScheduled(ctx: RequestContext, id: number): Record<string, unknown> {
  const { rt, params } = ctx;
  const sm = ownScheduled(ctx, id);
  const changes: Partial<ScheduledMessage> = {};
  const rawType = params.optStr("type");
  if (rawType !== undefined || params.has("to")) Object.assign(changes, readRecipients(ctx, rawType ?? sm.type, sm.type === "stream" ? sm.topic : undefined));
  else if (sm.type === "stream" && (params.has("topic") || params.has("subject"))) changes.topic = readTopic(ctx);
  if (params.has("content")) Object.assign(changes, readBody(ctx));
  if (params.has("scheduled_delivery_timestamp")) changes.deliveryTimestamp = readDeliveryTimestamp(ctx);
  else if (sm.failed) throw badRequest("Scheduled delivery time must be in the future.");
  rt.store.scheduled.update(sm, changes);
  publishScheduledUpdate(rt, sm);
  deliverDue(rt);
  return {};
}

/** PATCH /scheduled_messages/{scheduled_message_id}: the real servers' way to edit (FL184; harmless from FL179). */
function patchScheduled(ctx: RequestContext): Record<string, unknown> {
  return editScheduled(ctx, Number(ctx.path.scheduled_message_id));
}

export const routes: Route[] = [authed("PATCH", "/scheduled_messages/:scheduled_message_id(^\\d+$)", patchScheduled, { level: "scheduledMessages" })];
