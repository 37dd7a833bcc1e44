import type { Fault } from "./fault.ts";

/**
 * Events: each fault breaks one clause (see ../faults.ts). A server restart is behaviour only the reference control
 * can bring about; suites/support/control.ts drives it.
 */
export const eventsFaults = {
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
} as const satisfies Record<string, Fault>;
