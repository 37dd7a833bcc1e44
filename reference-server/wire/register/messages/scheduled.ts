import type { Runtime } from "../../../runtime.ts";
import type { User } from "../../../state/types.ts";
import { serializeScheduled } from "../../scheduled-message.ts";

/**
 * POST /register `scheduled_messages` (FL179): the user's undelivered scheduled messages, failed ones included.
 * The caller delivers those already due first (api/register/state.ts).
 */
export function scheduledSection(rt: Runtime, user: User): Record<string, unknown> {
  if (!rt.fl.has("registerScheduledMessages")) return {};
  return { scheduled_messages: rt.store.scheduled.ofOwner(user.id).map((sm) => serializeScheduled(rt, sm)) };
}
