import { randomBytes } from "node:crypto";
import { z } from "zod";
import { badRequest, insufficientPermission } from "../../errors/registry.ts";
import type { RequestContext } from "../../runtime.ts";
import type { Invite } from "../../state/invites.ts";
import { ROLE, type Role } from "../../state/types.ts";

/** Real servers' default lifetime of an invitation: ten days. */
const DEFAULT_EXPIRY_MINUTES = 10 * 24 * 60;
const ROLES = Object.values(ROLE) as number[];

/** The options both POST /invites and POST /invites/multiuse take (wire: reference §7.8), checked for the requester. */
export function readInviteOptions(ctx: RequestContext, multiuse: boolean): Omit<Invite, "id" | "isMultiuse" | "email" | "key"> {
  const { rt, user, params } = ctx;
  const minutes = params.optJson("invite_expires_in_minutes", z.number().int().positive().nullable());
  const invitedAs = params.optJson("invite_as", z.number().int()) ?? ROLE.member;
  if (!ROLES.includes(invitedAs)) throw badRequest("Invalid invite_as");
  if (!rt.access.canInviteAs(user, invitedAs as Role)) throw insufficientPermission();
  const channelIds = multiuse ? (params.optJson("stream_ids", z.array(z.number().int())) ?? []) : params.json("stream_ids", z.array(z.number().int()));
  for (const id of channelIds) {
    const channel = rt.store.channels.get(id);
    if (!channel || !rt.access.canSeeChannel(user, channel)) throw badRequest(`Channel does not exist with id: ${id}. No invites were sent.`);
  }
  const defaultsSwitch = multiuse ? "multiuseDefaultSubscriptionsParam" : "inviteDefaultSubscriptionsParam";
  const includeDefaultChannels = rt.fl.has(defaultsSwitch) ? params.bool("include_realm_default_subscriptions", false) : false;
  const notifyReferrerOnJoin = !multiuse && rt.fl.has("inviteNotifyReferrerParam") ? params.bool("notify_referrer_on_join", true) : true;
  const now = rt.store.clock();
  const expiryMinutes = minutes === undefined ? DEFAULT_EXPIRY_MINUTES : minutes;
  return {
    invitedById: user.id,
    invited: now,
    expiry: expiryMinutes === null ? null : now + expiryMinutes * 60,
    invitedAs,
    channelIds,
    includeDefaultChannels,
    notifyReferrerOnJoin,
  };
}

export const newLinkKey = (): string => randomBytes(12).toString("hex");
