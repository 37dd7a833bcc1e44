import type { Fault } from "./fault.ts";

/** Exports, calls, push, JWT authentication and webhooks: each fault breaks one clause (see ../faults.ts). */
export const integrationsFaults = {
  "fl182.exports.create-returns-id": {
    clause: "fl182.exports.create-returns-id",
    description: "POST /export/realm returns no id, as before FL182",
    flips: "exportCreateReturnsId",
  },
  "fl304.exports.export-type-param": {
    clause: "fl304.exports.export-type-param",
    description: "POST /export/realm ignores export_type (every export is public), as before FL304",
    flips: "exportTypeParam",
  },
  "fl304.exports.export-type-field": {
    clause: "fl304.exports.export-type-field",
    description: "export records in GET /export/realm and realm_export events lack export_type, as before FL304",
    flips: "exportTypeField",
  },
  "fl295.exports.consents-endpoint": {
    clause: "fl295.exports.consents-endpoint",
    description: "GET /export/realm/consents does not exist, as before FL295",
    flips: "exportConsentsEndpoint",
  },
  "fl312.exports.consent-event": {
    clause: "fl312.exports.consent-event",
    description: "no realm_export_consent event when a user changes allow_private_data_export, as before FL312",
    flips: "exportConsentEvent",
  },
  "fl206.calls.provider-one-is-video-call": {
    clause: "fl206.calls.provider-one-is-video-call",
    description: "POST /calls/provider_one/create ignores is_video_call, as before FL206",
    flips: "callProviderOneIsVideoCall",
  },
  "fl337.calls.provider-two-voice-only": {
    clause: "fl337.calls.provider-two-voice-only",
    description: "POST /calls/provider_two/create ignores voice_only, as before FL337",
    flips: "callProviderTwoVoiceOnly",
  },
  "fl223.push.device-token-appid-required": {
    clause: "fl223.push.device-token-appid-required",
    description: "POST /users/me/push_device_token without appid falls back to the server's app id, as before FL223",
    flips: "pushAppIdRequired",
  },
  "fl160.authentication.jwt-fetch-api-key": {
    clause: "fl160.authentication.jwt-fetch-api-key",
    description: "POST /api/v1/jwt/fetch_api_key does not exist, as before FL160",
    flips: "jwtFetchApiKey",
  },
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
