import { publishInvitesChanged } from "../../events/invites-changed.ts";
import { badRequest, insufficientPermission, mustBeAdministrator } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { newLinkKey, readInviteOptions } from "./options.ts";
import { inviteLink } from "../../wire/invite.ts";

/** Whether the requester may create a reusable link, with the faults that break the two sides of FL209. */
function mayCreate(ctx: RequestContext): boolean {
  const { rt, user } = ctx;
  if (rt.faulty("fl153.invitations.multiuse-admins-only") && !rt.access.isGuest(user)) return true;
  if (rt.faulty("fl209.invitations.multiuse-non-admins") && !rt.access.hasAdminRights(user)) return false;
  return rt.access.canCreateMultiuseInvite(user);
}

/**
 * POST /invites/multiuse → {invite_link}: before FL209 administrators only (UNAUTHORIZED_PRINCIPAL); from FL209
 * members of create_multiuse_invite_group.
 */
function createLink(ctx: RequestContext): Record<string, unknown> {
  const { rt } = ctx;
  if (!mayCreate(ctx)) throw rt.fl.has("multiuseInviteGroupEnforced") ? insufficientPermission() : mustBeAdministrator();
  const options = readInviteOptions(ctx, true);
  const invite = rt.store.invites.add({ ...options, isMultiuse: true, email: null, key: newLinkKey() });
  publishInvitesChanged(rt, invite);
  return { invite_link: inviteLink(rt, invite) };
}

/** DELETE /invites/multiuse/{invite_id}: administrators; from FL209 also the link's creator. */
function revokeLink(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const invite = rt.store.invites.get(Number(ctx.path.invite_id), true);
  if (!invite) throw badRequest("Invalid invitation ID.");
  if (!rt.access.canManageInvite(user, invite)) throw rt.fl.has("revokeOwnMultiuseInvite") ? insufficientPermission() : mustBeAdministrator();
  rt.store.invites.remove(invite);
  publishInvitesChanged(rt, invite);
  return {};
}

export const routes: Route[] = [authed("POST", "/invites/multiuse", createLink), authed("DELETE", "/invites/multiuse/:invite_id(^\\d+$)", revokeLink)];
