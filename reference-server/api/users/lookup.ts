import { badRequest, noSuchUser, resourceNotFound } from "../../errors/registry.ts";
import type { RequestContext } from "../../runtime.ts";
import { EMAIL_VISIBILITY } from "../../state/user-settings.ts";
import type { User } from "../../state/types.ts";

/** The user a dummy API email user<ID>@<realm host> names, or undefined when `email` is no such address. */
function byDummyEmail(ctx: RequestContext, email: string): User | undefined {
  const m = /^user(\d+)@(.+)$/i.exec(email.trim());
  if (!m || m[2]!.toLowerCase() !== new URL(ctx.rt.url).host.toLowerCase()) return undefined;
  return ctx.rt.store.users.get(Number(m[1]));
}

/**
 * GET /users/{email}: from FL302 a real email finds the user only if the requester may see it, and a dummy email
 * finds any user; before, only the API email matched (the real one for public emails, the dummy for the others).
 */
export function byEmail(ctx: RequestContext, email: string): User | undefined {
  const { rt, user: viewer } = ctx;
  const dummy = byDummyEmail(ctx, email);
  const real = dummy ? undefined : rt.store.userByEmail(email);
  if (rt.fl.has("lookupByEmailVisibility")) return dummy ?? (real && rt.access.canSeeRealEmail(viewer, real) ? real : undefined);
  const isPublic = (u: User) => rt.access.emailVisibility(u) === EMAIL_VISIBILITY.everyone;
  if (dummy) return isPublic(dummy) ? undefined : dummy;
  return real && isPublic(real) ? real : undefined;
}

/** The user a path names by id or email, if it exists (deactivated or not) and the requester can access it. */
export function userFromPath(ctx: RequestContext, ref: string): User {
  const { rt } = ctx;
  const found = /^\d+$/.test(ref) ? rt.store.users.get(Number(ref)) : byEmail(ctx, ref);
  if (!found) throw rt.faulty("fl153.users.no-such-user") ? resourceNotFound("No such user") : noSuchUser();
  if (!rt.access.canSeeUser(ctx.user, found)) throw badRequest("Insufficient permission");
  return found;
}
