import { z } from "zod";
import { ApiError, badRequest } from "../../http/errors.ts";
import { withAccessTracking } from "../../events/user-access.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { ROLE, type User } from "../../state/types.ts";

const SubscriptionRequest = z.array(z.looseObject({ name: z.string().trim().min(1).max(60), description: z.string().max(1024).optional() })).min(1);
const Principals = z.array(z.union([z.number().int(), z.string()]));

/** principals: user IDs or emails; a deactivated or unknown one is 400 BAD_REQUEST from FL208, 403 UNAUTHORIZED_PRINCIPAL before. */
function resolvePrincipals(ctx: RequestContext, refs: Array<number | string>): User[] {
  return refs.map((ref) => {
    const u = typeof ref === "number" ? ctx.rt.store.users.get(ref) : ctx.rt.store.userByEmail(ref);
    if (u && u.isActive) return u;
    if (ctx.rt.fl.has("badPrincipalIsBadRequest")) throw badRequest(`No such user: ${String(ref)}`);
    throw new ApiError(403, "UNAUTHORIZED_PRINCIPAL", `User not authorized to execute queries on behalf of '${String(ref)}'`, { principal: ref });
  });
}

/**
 * POST /users/me/subscriptions: subscribes the requester (or the principals) to channels by name, creating the
 * ones that do not exist. Channel events and permission settings come with the channels area (FL192–FL349).
 */
function subscribe(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const requested = params.json("subscriptions", SubscriptionRequest);
  const principalRefs = params.optJson("principals", Principals);
  const inviteOnly = params.bool("invite_only", false);
  const historyPublic = params.optBool("history_public_to_subscribers") ?? !inviteOnly;
  const principals = principalRefs ? resolvePrincipals(ctx, principalRefs) : [user];
  if (user.role === ROLE.guest) throw badRequest("Not allowed for guest users");
  const subscribed: Record<string, string[]> = {};
  const already: Record<string, string[]> = {};
  for (const req of requested) {
    let channel = rt.store.channelByName(req.name);
    if (channel && !rt.access.canSeeChannel(user, channel)) throw badRequest(`Unable to access channel (${req.name}).`);
    channel ??= rt.store.addChannel({
      name: req.name,
      description: req.description ?? "",
      inviteOnly,
      isWebPublic: false,
      historyPublicToSubscribers: historyPublic,
      isDefault: false,
      creatorId: user.id,
    });
    const target = channel;
    // users: new channel-mates may become accessible to restricted users (realm_user add, FL228)
    withAccessTracking(rt, [...principals.map((p) => p.id), ...rt.store.subscribersOf(target.id)], () => {
      for (const p of principals) {
        const bucket = rt.store.isSubscribed(p.id, target.id) ? already : subscribed;
        (bucket[String(p.id)] ??= []).push(target.name);
        rt.store.subscribe(p.id, target.id);
      }
    });
  }
  const out: Record<string, unknown> = { subscribed, already_subscribed: already };
  return out;
}

export const routes: Route[] = [authed("POST", "/users/me/subscriptions", subscribe)];
