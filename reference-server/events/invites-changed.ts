import type { Runtime } from "../runtime.ts";
import type { Invite } from "../state/invites.ts";

/** `invites_changed` (no payload, clients refetch GET /invites): to the administrators, and from FL209 the creator. */
export function publishInvitesChanged(rt: Runtime, invite: Invite): void {
  const audience = rt.access.invitesChangedAudience(invite);
  // The fault of fl153.invitations.invites-changed-admins-only: the creator hears too, as from FL209.
  if (rt.faulty("fl153.invitations.invites-changed-admins-only") && !audience.includes(invite.invitedById)) audience.push(invite.invitedById);
  rt.queues.publish("invites_changed", audience, () => ({ type: "invites_changed" }));
}
