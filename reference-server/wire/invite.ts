import type { Runtime } from "../runtime.ts";
import type { Invite } from "../state/invites.ts";

/** The link a reusable invitation gives out. */
export const inviteLink = (rt: Runtime, invite: Invite): string => `${rt.url}/join/${invite.key ?? ""}/`;

/** An invitation as GET /invites lists it (reference §7.8); notify_referrer_on_join from FL267. */
export function serializeInvite(rt: Runtime, invite: Invite): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: invite.id,
    invited_by_user_id: invite.invitedById,
    invited: invite.invited,
    expiry_date: invite.expiry,
    invited_as: invite.invitedAs,
    is_multiuse: invite.isMultiuse,
  };
  if (invite.isMultiuse) out.link_url = inviteLink(rt, invite);
  else out.email = invite.email;
  if (rt.fl.has("inviteNotifyReferrerField")) out.notify_referrer_on_join = invite.notifyReferrerOnJoin;
  return out;
}
