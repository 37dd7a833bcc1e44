import { authed, type RequestContext, type Route } from "../../../runtime.ts";
import { deliverDue } from "./deliver.ts";
import { serializeScheduled } from "../../../wire/scheduled-message.ts";

/** GET /scheduled_messages: the user's undelivered scheduled messages (failed ones included), by delivery time. */
function listScheduled(ctx: RequestContext): Record<string, unknown> {
  deliverDue(ctx.rt);
  return { scheduled_messages: ctx.rt.store.scheduled.ofOwner(ctx.user.id).map((sm) => serializeScheduled(ctx.rt, sm)) };
}

export const routes: Route[] = [authed("GET", "/scheduled_messages", listScheduled, { level: "scheduledMessages", zulipFrom: "scheduledListAndDelete" })];
