import { z } from "zod";

/**
 * What a server posts to its push bouncer's /api/v1/remotes/push/notify for one user: the payload for each push
 * service (gcm_payload for one, apns_payload for the other, whose `custom` carries the same data).
 */
export const PushPayloadData = z.looseObject({
  event: z.string(),
  server: z.string(),
  realm_id: z.number().int(),
  realm_uri: z.string(),
  user_id: z.number().int(),
  /** FL234. */
  realm_name: z.string().optional(),
  /** FL257. */
  realm_url: z.string().optional(),
});

export const PushNotifyRequest = z.looseObject({
  user_id: z.number().int(),
  gcm_payload: PushPayloadData,
  apns_payload: z.looseObject({ custom: z.record(z.string(), PushPayloadData) }),
});

/** POST /remotes/server/register → {created}; transfer → {verification_secret}; verify_challenge → the registration's credentials. */
export const RemoteServerRegistered = z.looseObject({ created: z.boolean() });
export const RegistrationTransfer = z.looseObject({ verification_secret: z.string().min(1) });
export const RegistrationCredentials = z.looseObject({ chat_org_id: z.string(), chat_org_key: z.string() });
