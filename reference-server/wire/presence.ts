import type { Runtime } from "../runtime.ts";
import type { PresenceRecord } from "../state/presence.ts";
import type { User } from "../state/types.ts";
import { zulipHas, zulipProductHas } from "../zulip-levels.ts";

/** The spec's servers store no client names (real servers since FL178): every report is the web client's. */
const CLIENT = "website";

/**
 * The client a legacy entry is keyed by and names: the reporting client's under `--product zulip` below FL178
 * (ZULIP_LEVELS.presenceClientNotStored), else `website`.
 */
const entryClient = (rt: Runtime, r: PresenceRecord): string =>
  rt.config.product === "zulip" && !zulipHas(rt.fl, "presenceClientNotStored") ? r.client : CLIENT;

/** The legacy per-client entry: status, timestamp, client, pushable (wire §7.11). */
export function legacyClientEntry(rt: Runtime, r: PresenceRecord): Record<string, unknown> {
  const active = r.activeTimestamp > 0 && r.activeTimestamp >= r.idleTimestamp;
  return { client: entryClient(rt, r), status: active ? "active" : "idle", timestamp: Math.max(r.activeTimestamp, r.idleTimestamp), pushable: false };
}

/** The `aggregated` entry: a real server's has no `pushable` (ZULIP_LEVELS.aggregatedPresenceWithoutPushable). */
function aggregatedEntry(rt: Runtime, r: PresenceRecord): Record<string, unknown> {
  const entry = legacyClientEntry(rt, r);
  if (zulipProductHas(rt, "aggregatedPresenceWithoutPushable")) delete entry.pushable;
  return entry;
}

/** One user's legacy presence: `aggregated` and the client's entry (`website` from FL178). */
export const legacyPresence = (rt: Runtime, r: PresenceRecord) => ({ aggregated: aggregatedEntry(rt, r), [entryClient(rt, r)]: legacyClientEntry(rt, r) });

/** One user's modern (slim) presence. */
export const slimPresence = (r: PresenceRecord) => ({ active_timestamp: r.activeTimestamp, idle_timestamp: r.idleTimestamp });

/** Whether presence fetches and events follow user access (CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE, FL228). */
export const presenceLimited = (rt: Runtime, clause: "realmPresenceAccessibleOnly" | "presenceEventAccessibleOnly") =>
  rt.config.canAccessAllUsersGroupLimitsPresence && rt.fl.has(clause);

export interface PresenceQuery {
  slim: boolean;
  /** Only records with a greater update number (FL263). */
  afterUpdateId?: number | undefined;
  /** Only records reported within that many days (FL288's history limit); null or absent: the default 14. */
  historyDays?: number | null | undefined;
}

/** How far back presence data is fetched when the client sets no limit (real servers: 14 days). */
export const DEFAULT_PRESENCE_HISTORY_DAYS = 14;

/**
 * The presences the viewer gets (`presences`), keyed by user id (slim) or email (legacy), with the greatest update
 * number among them (presence_last_update_id; the query's own when none is newer, -1 for none at all).
 */
export function presencesFor(rt: Runtime, viewer: User, q: PresenceQuery): { presences: Record<string, unknown>; lastUpdateId: number } {
  const visible = rt.access.presenceFilter(viewer, presenceLimited(rt, "realmPresenceAccessibleOnly"));
  const presences: Record<string, unknown> = {};
  let lastUpdateId = q.afterUpdateId ?? -1;
  const since = rt.store.clock() - (q.historyDays ?? DEFAULT_PRESENCE_HISTORY_DAYS) * 86_400;
  for (const r of rt.store.presence.all()) {
    if (q.afterUpdateId !== undefined && r.lastUpdateId <= q.afterUpdateId) continue;
    if (Math.max(r.activeTimestamp, r.idleTimestamp) < since) continue;
    const user = rt.store.users.get(r.userId);
    if (!user || !user.isActive || !visible(user)) continue;
    if (q.slim) presences[String(user.id)] = slimPresence(r);
    else presences[user.email] = legacyPresence(rt, r);
    lastUpdateId = Math.max(lastUpdateId, r.lastUpdateId);
  }
  return { presences, lastUpdateId };
}
