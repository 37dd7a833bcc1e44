import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Runtime } from "../../runtime.ts";
import type { Message, User } from "../../state/types.ts";
import { applyBouncerAnswer } from "./status.ts";

/** The organization's id in push payloads (the reference server holds one organization). */
const REALM_ID = 1;

/** What every push payload says about where it comes from: realm_name from FL234, realm_url from FL257 (realm_uri kept). */
function basePayload(rt: Runtime, user: User): Record<string, unknown> {
  const out: Record<string, unknown> = { server: new URL(rt.url).host, realm_id: REALM_ID, realm_uri: rt.url, user_id: user.id };
  if (rt.fl.has("pushPayloadRealmName")) out.realm_name = rt.store.settings.get("name");
  if (rt.fl.has("pushPayloadRealmUrl")) out.realm_url = rt.url;
  return out;
}

/**
 * Sends one notification for each of the user's mobile devices' service through the push bouncer: POSTs
 * {user_id, gcm_payload, apns_payload, gcm_options} as JSON to <pushBouncerUrl>/api/v1/remotes/push/notify, in the
 * background, and takes in what the bouncer answers about the organization. Without a configured bouncer nothing
 * is sent. Returns whether it sent.
 */
function notify(rt: Runtime, user: User, fields: Record<string, unknown>): boolean {
  const bouncer = rt.config.pushBouncerUrl;
  if (bouncer === null || rt.store.pushDevices.mobileTokens(user.id).length === 0) return false;
  const data = { ...basePayload(rt, user), ...fields };
  const body = {
    user_id: user.id,
    gcm_payload: data,
    apns_payload: { alert: { title: "", body: "" }, badge: 0, custom: { zulip: data } },
    gcm_options: { priority: "high" },
  };
  void fetch(`${bouncer.replace(/\/$/, "")}/api/v1/remotes/push/notify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  })
    .then(async (res) => applyBouncerAnswer(rt, await res.json().catch(() => null)))
    .catch(() => undefined);
  return true;
}

/** A new direct message notifies each recipient but the sender. */
export function pushDirectMessage(rt: Runtime, message: Message): void {
  if (message.type !== "private" || rt.config.pushBouncerUrl === null) return;
  for (const id of message.dmUserIds) {
    const user = id === message.senderId ? undefined : rt.store.users.get(id);
    if (user?.isActive)
      notify(rt, user, { event: "message", message_id: message.id, sender_id: message.senderId, recipient_type: "private", time: message.timestamp });
  }
}

/** POST /mobile_push/test_notification (optional token): event `test` from FL234, `test-by-device-token` before. */
function testNotification(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  if (rt.config.pushBouncerUrl === null) throw badRequest("Push notifications are not configured");
  const token = params.optStr("token");
  if (token !== undefined && !rt.store.pushDevices.mobileTokens(user.id).includes(token)) throw badRequest("Device not recognized");
  const event = rt.fl.has("pushTestEventName") ? "test" : "test-by-device-token";
  if (!notify(rt, user, { event, time: rt.store.clock() })) throw badRequest("No active registered push device");
  return {};
}

export const routes = [authed("POST", "/mobile_push/test_notification", testNotification)];
