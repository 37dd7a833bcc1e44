import { z } from "zod";

/** `invites_changed` (wire §10): no payload; clients refetch GET /invites. */
export const InvitesChangedEvent = z.looseObject({ id: z.number().int(), type: z.literal("invites_changed") });
