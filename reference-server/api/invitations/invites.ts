import { publishInvitesChanged } from "../../events/invites-changed.ts";
import { badRequest, insufficientPermission, invitationFailed, mustBeAdministrator } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Invite } from "../../state/invites.ts";
import { readInviteOptions } from "./options.ts";
import { serializeInvite } from "../../wire/invite.ts";

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** The addresses of invitee_emails: a raw string, separated by commas or newlines. */
function inviteeEmails(ctx: RequestContext): string[] {
  const emails = ctx.params
    .str("invitee_emails")
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (emails.length === 0) throw badRequest("You must specify at least one email address.");
  return emails;
}

/** An empty stream_ids is accepted from FL180 (and on the 6.2 maintenance level 157). */
function checkChannelList(ctx: RequestContext, channelIds: readonly number[]): void {
  const { fl } = ctx.rt;
  if (channelIds.length === 0 && !fl.has("emptyInviteChannelList") && !fl.has("emptyInviteChannelListBackport")) {
    throw badRequest("You must specify at least one channel for invitees to join.");
  }
}

/**
 * POST /invites: email invitations (reference §7.8). Members of can_invite_users_group (FL321; before,
 * invite_to_realm_policy) may invite. Invalid addresses fail the whole request; addresses that already have an
 * account are skipped and reported with INVITATION_FAILED once the others are sent.
 */
function sendInvites(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (!rt.access.canSendInvites(user)) throw insufficientPermission();
  const emails = inviteeEmails(ctx);
  const options = readInviteOptions(ctx, false);
  checkChannelList(ctx, options.channelIds);
  const invalid = emails.filter((e) => !EMAIL.test(e));
  if (invalid.length)
    throw invitationFailed(
      "Some emails did not validate, so we didn't send any invitations.",
      invalid.map((e) => [e, "Invalid address.", false]),
      false,
    );
  const taken = emails.filter((e) => rt.store.userByEmail(e) !== undefined);
  const sent: Invite[] = [];
  for (const email of emails) if (!taken.includes(email)) sent.push(rt.store.invites.add({ ...options, isMultiuse: false, email, key: null }));
  if (sent[0]) publishInvitesChanged(rt, sent[0]);
  if (taken.length) {
    throw invitationFailed(
      "Some of those addresses are already using the organization, so we didn't send them an invitation.",
      taken.map((e) => [e, "Already has an account.", false]),
      sent.length > 0,
    );
  }
  return {};
}

/** GET /invites: administrators see every open invitation; from FL209 other users see the ones they created. */
function listInvites(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (!rt.access.canListInvites(user)) throw mustBeAdministrator();
  const now = rt.store.clock();
  const open = rt.access.visibleInvites(user).filter((i) => i.expiry === null || i.expiry > now);
  return { invites: open.map((i) => serializeInvite(rt, i)) };
}

/** The email invitation of the path that the requester may manage (its creator or an administrator). */
function managedEmailInvite(ctx: RequestContext): Invite {
  const invite = ctx.rt.store.invites.get(Number(ctx.path.invite_id), false);
  if (!invite) throw badRequest("No such invitation");
  if (!ctx.rt.access.canManageInvite(ctx.user, invite)) throw insufficientPermission();
  return invite;
}

function revokeInvite(ctx: RequestContext): Record<string, unknown> {
  const invite = managedEmailInvite(ctx);
  ctx.rt.store.invites.remove(invite);
  publishInvitesChanged(ctx.rt, invite);
  return {};
}

function resendInvite(ctx: RequestContext): Record<string, unknown> {
  const invite = managedEmailInvite(ctx);
  invite.invited = ctx.rt.store.clock();
  publishInvitesChanged(ctx.rt, invite);
  return {};
}

export const routes: Route[] = [
  authed("POST", "/invites", sendInvites),
  authed("GET", "/invites", listInvites),
  authed("DELETE", "/invites/:invite_id(^\\d+$)", revokeInvite),
  authed("POST", "/invites/:invite_id(^\\d+$)/resend", resendInvite),
];
