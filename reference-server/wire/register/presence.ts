import type { Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";
import { presencesFor } from "../presence.ts";

/** register `presence`: presences (slim with slim_presence), server_timestamp, presence_last_update_id (FL263). */
export function presenceSection(rt: Runtime, req: { user: User; slimPresence: boolean; historyDays?: number | null | undefined }): Record<string, unknown> {
  const { presences, lastUpdateId } = presencesFor(rt, req.user, { slim: req.slimPresence, historyDays: req.historyDays });
  const out: Record<string, unknown> = { presences, server_timestamp: Date.now() / 1000 };
  if (rt.fl.has("presenceLastUpdateIdField")) out.presence_last_update_id = lastUpdateId;
  return out;
}

/** register `user_status`: {user_id: status} of the users with a status whom the requester can access. */
export function userStatusSection(rt: Runtime, req: { user: User }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, status] of rt.store.presence.statusesEntries()) {
    const other = rt.store.users.get(id);
    if (other && rt.access.canSeeUser(req.user, other)) out[String(id)] = status;
  }
  return { user_status: out };
}

/** server_presence_ping_interval_seconds and server_presence_offline_threshold_seconds (FL164), in the realm section. */
export function presenceConstants(rt: Runtime): Record<string, unknown> {
  return rt.fl.has("presenceTimingConstants") ? { server_presence_ping_interval_seconds: 60, server_presence_offline_threshold_seconds: 200 } : {};
}
