import { z } from "zod";
import { Subscription } from "../channel.ts";

/** `subscription` op add: the user's new subscriptions (wire §10). */
export const SubscriptionAddEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("subscription"),
  op: z.literal("add"),
  subscriptions: z.array(Subscription),
});

/** `subscription` peer_add / peer_remove: other users joining or leaving channels. */
export const SubscriptionPeerEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("subscription"),
  op: z.enum(["peer_add", "peer_remove"]),
  stream_ids: z.array(z.number().int()),
  user_ids: z.array(z.number().int()),
});
