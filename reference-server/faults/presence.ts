import type { Fault } from "./fault.ts";

/** Presence and user status: each fault breaks one clause (see ../faults.ts). */
export const presenceFaults = {
  "fl263.presence.last-update-id-field": {
    clause: "fl263.presence.last-update-id-field",
    description: "register and POST /users/me/presence leave out presence_last_update_id, as before FL263",
    flips: "presenceLastUpdateIdField",
  },
  "fl263.presence.last-update-id-param": {
    clause: "fl263.presence.last-update-id-param",
    description: "POST /users/me/presence ignores last_update_id, as before FL263",
    flips: "presenceLastUpdateIdParam",
  },
  "fl288.presence.history-limit-days": {
    clause: "fl288.presence.history-limit-days",
    description: "POST /users/me/presence ignores history_limit_days, as before FL288",
    flips: "presenceHistoryLimitDaysParam",
  },
  "fl228.presence.realm-presence-accessible-only": {
    clause: "fl228.presence.realm-presence-accessible-only",
    description: "GET /realm/presence gives every user's presence despite the server setting, as before FL228",
    flips: "realmPresenceAccessibleOnly",
  },
  "fl228.presence.event-accessible-only": {
    clause: "fl228.presence.event-accessible-only",
    description: "presence events go to every user despite the server setting, as before FL228",
    flips: "presenceEventAccessibleOnly",
  },
  "fl228.presence.user-status-event-access": {
    clause: "fl228.presence.user-status-event-access",
    description: "user_status events go to every user, access or not, as before FL228",
    flips: "userStatusEventAccess",
  },
} as const satisfies Record<string, Fault>;
