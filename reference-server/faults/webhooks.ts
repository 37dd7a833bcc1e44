import type { Fault } from "./fault.ts";

/** Incoming and outgoing webhooks: each fault breaks one clause (see ../faults.ts). */
export const webhooksFaults = {
  "fl207.webhooks.incoming-bot-fields": {
    clause: "fl207.webhooks.incoming-bot-fields",
    description: "realm_incoming_webhook_bots entries lack display_name and all_event_types, as before FL207",
    flips: "incomingWebhookBotFields",
  },
  "fl318.webhooks.incoming-bot-config-options": {
    clause: "fl318.webhooks.incoming-bot-config-options",
    description: "realm_incoming_webhook_bots entries lack config_options, as before FL318",
    flips: "incomingWebhookConfigOptions",
  },
  "fl201.webhooks.outgoing-trigger-direct-message": {
    clause: "fl201.webhooks.outgoing-trigger-direct-message",
    description: "the outgoing-webhook trigger of a direct message is still named private_message, as before FL201",
    flips: "outgoingDirectMessageTrigger",
  },
} as const satisfies Record<string, Fault>;
