import { publishScheduledAdd } from "../../../events/scheduled-messages.ts";
import { authed, type RequestContext, type Route } from "../../../runtime.ts";
import { deliverDue } from "./deliver.ts";
import { readBody, readDeliveryTimestamp, readReadBySender, readRecipients, ScheduledId } from "./draft.ts";
import { editScheduled } from "./edit.ts";
import { zulipProductHas } from "../../../zulip-levels.ts";

/**
 * POST /scheduled_messages (FL179): creates a scheduled message → {scheduled_message_id}. With scheduled_message_id
 * it edits one instead, as the spec says (fl179.messages.scheduled-edit); `--product zulip` from FL184 does as real
 * servers do, which moved edits to PATCH and create a new message whatever id POST is given.
 */
function createScheduled(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  if (rt.fl.has("scheduledEditByPost") && !zulipProductHas(rt, "scheduledEditOnlyByPatch")) {
    const id = params.optJson("scheduled_message_id", ScheduledId);
    if (id !== undefined) return editScheduled(ctx, id);
  }
  const draft = readRecipients(ctx, params.str("type"));
  const body = readBody(ctx);
  const deliveryTimestamp = readDeliveryTimestamp(ctx);
  const sm = rt.store.scheduled.create({ ownerId: user.id, ...draft, ...body, deliveryTimestamp, readBySender: readReadBySender(ctx) });
  publishScheduledAdd(rt, sm);
  deliverDue(rt);
  return { scheduled_message_id: sm.id };
}

export const routes: Route[] = [authed("POST", "/scheduled_messages", createScheduled, { level: "scheduledMessages" })];
