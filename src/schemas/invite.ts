import { z } from "zod";

/**
 * An invitation in GET /invites (reference §7.8): an email invitation (`email`) or a reusable link (`link_url`).
 * notify_referrer_on_join is FL267's; which level must send it is the tests' business.
 */
export const Invite = z.looseObject({
  id: z.number().int(),
  invited_by_user_id: z.number().int(),
  invited: z.number(),
  expiry_date: z.number().nullable(),
  invited_as: z.number().int(),
  is_multiuse: z.boolean(),
  email: z.string().optional(),
  link_url: z.string().optional(),
  notify_referrer_on_join: z.boolean().optional(),
});
export type Invite = z.infer<typeof Invite>;

export const InvitesResponse = z.looseObject({ invites: z.array(Invite) });

/** POST /invites/multiuse → {invite_link}. */
export const MultiuseInviteResponse = z.looseObject({ invite_link: z.string().min(1) });
