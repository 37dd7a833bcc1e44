import type { Fault } from "./fault.ts";

/**
 * Faults of behaviour only the reference control can bring about (a restart, a plan change, time passing, a
 * batched operation running out of time); suites/support/control.ts drives them.
 */
export const controlFaults = {
  "fl240.events.restart-no-immediate": {
    clause: "fl240.events.restart-no-immediate",
    description: "restart events still carry the immediate flag from FL240 on",
    flips: "restartImmediateRemoved",
  },
  "fl240.events.web-reload-client": {
    clause: "fl240.events.web-reload-client",
    description: "a restart is not followed by a web_reload_client event from FL240 on",
    flips: "webReloadClientEvent",
  },
  "fl306.realm.plan-type-update-dict": {
    clause: "fl306.realm.plan-type-update-dict",
    description: "a plan change still arrives as a realm update event for plan_type with extra_data from FL306 on",
    flips: "planTypeUpdateDict",
  },
  "fl306.realm.max-file-upload-size-update-dict": {
    clause: "fl306.realm.max-file-upload-size-update-dict",
    description: "max_file_upload_size_mib stays a constant a plan change does not touch (and no event carries) from FL306 on",
    flips: "uploadLimitsInUpdateDict",
  },
  "fl153.uploads.upload-quota": {
    clause: "fl153.uploads.upload-quota",
    description: "uploads past the organization's quota are accepted",
  },
  "fl288.register.presence-history-limit-days-filter": {
    clause: "fl288.register.presence-history-limit-days-filter",
    description: "POST /register reads presence_history_limit_days but returns presence older than that many days",
  },
  "fl153.messages.mark-all-as-read-partially-completed": {
    clause: "fl153.messages.mark-all-as-read-partially-completed",
    description: "POST /mark_all_as_read that runs out of time answers plain success before FL211",
    flips: "partialMarkAllAsRead",
    level: 210,
  },
  "fl154.messages.delete-topic-partially-completed": {
    clause: "fl154.messages.delete-topic-partially-completed",
    description: "POST /streams/{stream_id}/delete_topic never runs out of time (deletes everything at once) before FL211",
    flips: "partialDeleteTopic",
    level: 210,
  },
} as const satisfies Record<string, Fault>;
