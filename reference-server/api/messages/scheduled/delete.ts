import { publishScheduledRemove } from "../../../events/scheduled-messages.ts";
import { authed, type RequestContext, type Route } from "../../../runtime.ts";
import { deliverDue } from "./deliver.ts";
import { ownScheduled } from "./edit.ts";

/** DELETE /scheduled_messages/{scheduled_message_id}: cancels it; the owner's queues get scheduled_messages/remove. */
function deleteScheduled(ctx: RequestContext): Record<string, unknown> {
  const sm = ownScheduled(ctx, Number(ctx.path.scheduled_message_id));
  ctx.rt.store.scheduled.remove(sm);
  publishScheduledRemove(ctx.rt, sm.ownerId, sm.id);
  deliverDue(ctx.rt);
  return {};
}

export const routes: Route[] = [
  authed("DELETE", "/scheduled_messages/:scheduled_message_id(^\\d+$)", deleteScheduled, { level: "scheduledMessages", zulipFrom: "scheduledListAndDelete" }),
];
