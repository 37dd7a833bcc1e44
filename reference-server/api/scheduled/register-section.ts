import type { Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";
import { deliverDue } from "./deliver.ts";
import { serializeScheduled } from "../../wire/scheduled-message.ts";

/** POST /register `scheduled_messages` (FL179): the user's undelivered scheduled messages, failed ones included. */
export function scheduledSection(rt: Runtime, user: User): Record<string, unknown> {
  if (!rt.fl.has("registerScheduledMessages")) return {};
  deliverDue(rt);
  return { scheduled_messages: rt.store.scheduled.ofOwner(user.id).map((sm) => serializeScheduled(rt, sm)) };
}
