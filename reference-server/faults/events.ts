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

  "fl153.events.bad-queue-id": {
    clause: "fl153.events.bad-queue-id",
    description: "GET /events with an unknown queue id answers success with no events",
  },
  "fl153.events.message-event": {
    clause: "fl153.events.message-event",
    description: "the sender of a message gets no message event for it",
  },
  "fl153.events.register-queue": {
    clause: "fl153.events.register-queue",
    description: "POST /register leaves out last_event_id",
  },
  "fl153.events.long-poll": {
    clause: "fl153.events.long-poll",
    description: "a long-poll woken by a new event answers with no events; the event comes only with the next poll",
  },
  "fl153.events.dont-block": {
    clause: "fl153.events.dont-block",
    description: "GET /events ignores dont_block and waits for an event or the heartbeat",
  },
  "fl153.events.heartbeat": {
    clause: "fl153.events.heartbeat",
    description: "an idle long-poll ends with an empty events list instead of a heartbeat event",
  },
  "fl153.events.delete-queue": {
    clause: "fl153.events.delete-queue",
    description: "DELETE /events answers success but leaves the queue in place",
  },
  "fl153.events.envelope": {
    clause: "fl153.events.envelope",
    description: "GET /events sends event ids as strings",
  },
  "fl153.events.event-types-filter": {
    clause: "fl153.events.event-types-filter",
    description: "POST /register ignores event_types: the queue gets events of every type",
  },
  "fl153.events.state-consistency": {
    clause: "fl153.events.state-consistency",
    description: "POST /register's max_message_id counts channel messages only, so a direct message's event leaves the client ahead of a fresh register",
  },
} as const satisfies Record<string, Fault>;
