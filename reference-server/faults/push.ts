import type { Fault } from "./fault.ts";

/** Push: the bouncer's API, the verification page, notification payloads; each fault breaks one clause (see ../faults.ts). */
export const pushFaults = {
  "fl223.push.remote-register-mobile-app-id": {
    clause: "fl223.push.remote-register-mobile-app-id",
    description: "the bouncer registers a mobile-platform token (kind 1) without mobile_app_id, as before FL223",
    flips: "bouncerMobileAppIdRequired",
  },
  "fl345.push.remote-register-hostname-taken": {
    clause: "fl345.push.remote-register-hostname-taken",
    description: "registering a hostname another server holds answers a plain BAD_REQUEST, as before FL345",
    flips: "bouncerHostnameTakenError",
  },
  "fl345.push.register-transfer": {
    clause: "fl345.push.register-transfer",
    description: "there is no POST /remotes/server/register/transfer, as before FL345",
    flips: "bouncerRegisterTransfer",
  },
  "fl345.push.register-verify-challenge": {
    clause: "fl345.push.register-verify-challenge",
    description: "there is no POST /remotes/server/register/verify_challenge, as before FL345",
    flips: "bouncerVerifyChallenge",
  },
  "fl345.push.services-verify": {
    clause: "fl345.push.services-verify",
    description: "the server has no /chat-services/verify/{access_token}/, as before FL345",
    flips: "servicesVerifyEndpoint",
  },
  "fl234.push.test-notification-event": {
    clause: "fl234.push.test-notification-event",
    description: "the test notification's event is still test-by-device-token, as before FL234",
    flips: "pushTestEventName",
  },
  "fl234.push.payload-realm-name": {
    clause: "fl234.push.payload-realm-name",
    description: "push payloads leave out realm_name, as before FL234",
    flips: "pushPayloadRealmName",
  },
  "fl257.push.payload-realm-url": {
    clause: "fl257.push.payload-realm-url",
    description: "push payloads carry only realm_uri, as before FL257",
    flips: "pushPayloadRealmUrl",
  },
  "fl223.push.device-token-appid-required": {
    clause: "fl223.push.device-token-appid-required",
    description: "POST /users/me/push_device_token without appid falls back to the server's app id, as before FL223",
    flips: "pushAppIdRequired",
  },
} as const satisfies Record<string, Fault>;
